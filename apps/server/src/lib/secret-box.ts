import crypto from 'node:crypto';

/**
 * Authenticated encryption for secrets kept in the database (platform OAuth tokens): AES-256-GCM with a key
 * derived from the auth secret by HKDF-SHA256, a fresh 96-bit nonce per message. The stored form is
 * `v1.<nonce>.<ciphertext>.<tag>` (base64url), so a later key or algorithm can be told apart by its prefix. A
 * database dump alone reveals no token; a changed or truncated value fails to open instead of decrypting to junk.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;

export class SecretBox {
  private readonly key: Buffer;

  /** `purpose` separates keys derived from one secret, so a value sealed for one use never opens for another. */
  constructor(secret: string, purpose = 'hanabi:platform-tokens') {
    if (!secret) throw new Error('SecretBox needs a secret');
    this.key = Buffer.from(crypto.hkdfSync('sha256', secret, 'hanabi-secret-box', purpose, 32));
  }

  seal(plaintext: string): string {
    const nonce = crypto.randomBytes(NONCE_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, nonce, body, tag]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was not sealed with this key (tampered, truncated, another secret). */
  open(sealed: string): string {
    const [version, nonce, body, tag] = sealed.split('.');
    if (version !== VERSION || nonce === undefined || body === undefined || tag === undefined) {
      throw new Error('SecretBox: not a sealed value');
    }
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * The browser wallet at rest (docs/design.md §2 item 9): the private key and the recovery phrase are encrypted
 * with a key derived from the person's passphrase — WebCrypto PBKDF2-SHA256 (≥ 600,000 iterations, random 16-byte
 * salt) → AES-GCM 256 with a fresh 12-byte IV per secret — and only the ciphertext and the parameters needed to
 * decrypt it are stored. Nothing here talks to the network; the secrets never leave the browser.
 */
import { WALLET } from '@hanabi/api';
import { getAddress } from 'viem';
import { walletFromMnemonic } from './mnemonic';

export const WALLET_RECORD_VERSION = 1;
/** Shortest passphrase the wallet step accepts. */
export const PASSPHRASE_MIN_LENGTH = 10;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;

/** One encrypted secret: AES-GCM ciphertext (with its 16-byte tag) and the IV it was sealed with, base64. */
export interface EncryptedSecret {
  iv: string;
  ciphertext: string;
}

export interface WalletKdfParams {
  name: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  /** base64, 16 random bytes */
  salt: string;
}

export interface WalletCipherParams {
  name: 'AES-GCM';
  length: 256;
}

/** What the `wallet` store of the `hanabi` IndexedDB database holds for one browser wallet. */
export interface EncryptedWalletRecord {
  version: typeof WALLET_RECORD_VERSION;
  /** EIP-55 checksummed address; the store's key. */
  address: `0x${string}`;
  encryptedPrivateKey: EncryptedSecret;
  encryptedMnemonic: EncryptedSecret;
  kdf: WalletKdfParams;
  cipher: WalletCipherParams;
  createdAt: string;
}

/** The secrets of an unlocked wallet. Keep them in memory only as long as they are needed. */
export interface UnlockedWallet {
  address: `0x${string}`;
  privateKey: `0x${string}`;
  mnemonic: string;
}

/** The passphrase does not open this wallet (AES-GCM authentication failed). */
export class WrongPassphraseError extends Error {
  override readonly name = 'WrongPassphraseError';
  constructor() {
    super('The passphrase does not unlock this wallet.');
  }
}

/** The record decrypted but its secrets do not belong to its address (damaged or tampered with). */
export class WalletIntegrityError extends Error {
  override readonly name = 'WalletIntegrityError';
  constructor(message = 'The stored wallet does not match its address.') {
    super(message);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  const api = globalThis.crypto?.subtle;
  if (!api) throw new Error('This browser has no WebCrypto (a secure context is needed).');
  return api;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** PBKDF2-SHA256(passphrase, salt, iterations) → a non-extractable AES-GCM 256 key. */
export async function deriveWalletKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Binds each ciphertext to its wallet and its role, so secrets cannot be swapped between fields or records. */
function associatedData(address: string, field: 'privateKey' | 'mnemonic'): Uint8Array<ArrayBuffer> {
  return encoder.encode(`hanabi-wallet:v${WALLET_RECORD_VERSION}:${address.toLowerCase()}:${field}`);
}

async function seal(
  key: CryptoKey,
  plaintext: string,
  aad: Uint8Array<ArrayBuffer>,
): Promise<EncryptedSecret> {
  const iv = randomBytes(IV_BYTES);
  const sealed = await subtle().encrypt(
    { name: 'AES-GCM', iv, additionalData: aad },
    key,
    encoder.encode(plaintext),
  );
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

async function open(key: CryptoKey, secret: EncryptedSecret, aad: Uint8Array<ArrayBuffer>): Promise<string> {
  let plain: ArrayBuffer;
  try {
    plain = await subtle().decrypt(
      { name: 'AES-GCM', iv: fromBase64(secret.iv), additionalData: aad },
      key,
      fromBase64(secret.ciphertext),
    );
  } catch {
    // AES-GCM gives no detail: a wrong key (passphrase, salt, iterations) and a damaged ciphertext look alike.
    throw new WrongPassphraseError();
  }
  return decoder.decode(plain);
}

export interface EncryptWalletOptions {
  /** PBKDF2 iterations; never fewer than WALLET.pbkdf2Iterations (600,000). */
  iterations?: number;
  now?: Date;
}

/**
 * Encrypts a wallet made from `mnemonic` under `passphrase`. The address is derived from the phrase here, so the
 * record always describes the wallet it holds.
 */
export async function encryptWallet(
  mnemonic: string,
  passphrase: string,
  options: EncryptWalletOptions = {},
): Promise<EncryptedWalletRecord> {
  if (passphrase.length < PASSPHRASE_MIN_LENGTH) {
    throw new Error(`The passphrase must have at least ${PASSPHRASE_MIN_LENGTH} characters.`);
  }
  const iterations = options.iterations ?? WALLET.pbkdf2Iterations;
  if (!Number.isInteger(iterations) || iterations < WALLET.pbkdf2Iterations) {
    throw new Error(`PBKDF2 needs at least ${WALLET.pbkdf2Iterations} iterations.`);
  }
  const wallet = walletFromMnemonic(mnemonic);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveWalletKey(passphrase, salt, iterations);
  const [encryptedPrivateKey, encryptedMnemonic] = await Promise.all([
    seal(key, wallet.privateKey, associatedData(wallet.address, 'privateKey')),
    seal(key, wallet.mnemonic, associatedData(wallet.address, 'mnemonic')),
  ]);
  return {
    version: WALLET_RECORD_VERSION,
    address: wallet.address,
    encryptedPrivateKey,
    encryptedMnemonic,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(salt) },
    cipher: { name: 'AES-GCM', length: 256 },
    createdAt: (options.now ?? new Date()).toISOString(),
  };
}

/**
 * Decrypts a record with the parameters stored in it. Throws `WrongPassphraseError` when the passphrase does not
 * open it and `WalletIntegrityError` when what it holds does not derive its address.
 */
export async function decryptWallet(
  record: EncryptedWalletRecord,
  passphrase: string,
): Promise<UnlockedWallet> {
  if (record.version !== WALLET_RECORD_VERSION) {
    throw new WalletIntegrityError(`Unknown wallet record version ${String(record.version)}.`);
  }
  if (record.kdf.name !== 'PBKDF2' || record.kdf.hash !== 'SHA-256' || record.cipher.name !== 'AES-GCM') {
    throw new WalletIntegrityError('Unsupported wallet encryption parameters.');
  }
  const key = await deriveWalletKey(passphrase, fromBase64(record.kdf.salt), record.kdf.iterations);
  const privateKey = await open(
    key,
    record.encryptedPrivateKey,
    associatedData(record.address, 'privateKey'),
  );
  const mnemonic = await open(key, record.encryptedMnemonic, associatedData(record.address, 'mnemonic'));
  const derived = walletFromMnemonic(mnemonic);
  if (derived.privateKey !== privateKey || getAddress(derived.address) !== getAddress(record.address)) {
    throw new WalletIntegrityError();
  }
  return { address: derived.address, privateKey: derived.privateKey, mnemonic: derived.mnemonic };
}

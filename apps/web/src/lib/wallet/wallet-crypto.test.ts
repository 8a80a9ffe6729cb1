import { WALLET } from '@hanabi/api';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createMnemonic, walletFromMnemonic } from './mnemonic';
import {
  IV_BYTES,
  SALT_BYTES,
  WrongPassphraseError,
  decryptWallet,
  encryptWallet,
  fromBase64,
  type EncryptedWalletRecord,
} from './wallet-crypto';

// PBKDF2 at 600,000 iterations takes a few hundred milliseconds per derivation here.
const SLOW = 30_000;
const PASSPHRASE = 'correct horse battery staple';
const MNEMONIC = 'test test test test test test test test test test test junk';

function includesBytes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

describe('browser wallet encryption', () => {
  it(
    'round-trips: the passphrase gives back the phrase, the key and the address',
    async () => {
      const mnemonic = createMnemonic();
      const record = await encryptWallet(mnemonic, PASSPHRASE);
      const expected = walletFromMnemonic(mnemonic);
      expect(record.address).toBe(expected.address);
      const unlocked = await decryptWallet(record, PASSPHRASE);
      expect(unlocked).toEqual({
        address: expected.address,
        privateKey: expected.privateKey,
        mnemonic,
      });
      expect(privateKeyToAddress(unlocked.privateKey)).toBe(record.address);
    },
    SLOW,
  );

  it(
    'refuses a wrong passphrase with WrongPassphraseError',
    async () => {
      const record = await encryptWallet(MNEMONIC, PASSPHRASE);
      await expect(decryptWallet(record, 'correct horse battery stapl')).rejects.toBeInstanceOf(
        WrongPassphraseError,
      );
      await expect(decryptWallet(record, '')).rejects.toBeInstanceOf(WrongPassphraseError);
    },
    SLOW,
  );

  it(
    'stores PBKDF2-SHA256 ≥ 600,000 iterations, a 16-byte salt and a fresh 12-byte IV per secret',
    async () => {
      const record = await encryptWallet(MNEMONIC, PASSPHRASE);
      expect(record.version).toBe(1);
      expect(record.kdf.name).toBe('PBKDF2');
      expect(record.kdf.hash).toBe('SHA-256');
      expect(record.kdf.iterations).toBeGreaterThanOrEqual(600_000);
      expect(record.kdf.iterations).toBe(WALLET.pbkdf2Iterations);
      expect(fromBase64(record.kdf.salt)).toHaveLength(SALT_BYTES);
      expect(record.cipher).toEqual({ name: 'AES-GCM', length: 256 });
      expect(fromBase64(record.encryptedPrivateKey.iv)).toHaveLength(IV_BYTES);
      expect(fromBase64(record.encryptedMnemonic.iv)).toHaveLength(IV_BYTES);
      expect(record.encryptedPrivateKey.iv).not.toBe(record.encryptedMnemonic.iv);
      const again = await encryptWallet(MNEMONIC, PASSPHRASE);
      expect(again.kdf.salt).not.toBe(record.kdf.salt);
      expect(again.encryptedMnemonic.ciphertext).not.toBe(record.encryptedMnemonic.ciphertext);
    },
    SLOW,
  );

  it(
    'decrypts with the stored parameters: changing the iterations, salt or an IV makes it fail',
    async () => {
      const record = await encryptWallet(MNEMONIC, PASSPHRASE);
      const otherSalt = btoa(String.fromCharCode(...new Uint8Array(16).fill(7)));
      const tampered: EncryptedWalletRecord[] = [
        { ...record, kdf: { ...record.kdf, iterations: record.kdf.iterations + 1 } },
        { ...record, kdf: { ...record.kdf, salt: otherSalt } },
        {
          ...record,
          encryptedPrivateKey: { ...record.encryptedPrivateKey, iv: record.encryptedMnemonic.iv },
        },
      ];
      for (const bad of tampered) {
        await expect(decryptWallet(bad, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
      }
      // The untouched record still opens: what is stored is what is used.
      await expect(decryptWallet(record, PASSPHRASE)).resolves.toMatchObject({ address: record.address });
    },
    SLOW,
  );

  it(
    'binds each ciphertext to its field: swapping them fails',
    async () => {
      const record = await encryptWallet(MNEMONIC, PASSPHRASE);
      const swapped = {
        ...record,
        encryptedPrivateKey: record.encryptedMnemonic,
        encryptedMnemonic: record.encryptedPrivateKey,
      };
      await expect(decryptWallet(swapped, PASSPHRASE)).rejects.toBeInstanceOf(WrongPassphraseError);
    },
    SLOW,
  );

  it(
    'keeps no plaintext: neither the phrase, its words, the private key nor the passphrase appear',
    async () => {
      const wallet = walletFromMnemonic(MNEMONIC);
      const record = await encryptWallet(MNEMONIC, PASSPHRASE);
      const json = JSON.stringify(record);
      expect(json).not.toContain('test test');
      expect(json).not.toContain('junk');
      expect(json.toLowerCase()).not.toContain(wallet.privateKey.slice(2).toLowerCase());
      expect(json).not.toContain(PASSPHRASE);
      const encoder = new TextEncoder();
      for (const secret of [record.encryptedMnemonic, record.encryptedPrivateKey]) {
        const bytes = fromBase64(secret.ciphertext);
        expect(includesBytes(bytes, encoder.encode('test'))).toBe(false);
        expect(includesBytes(bytes, encoder.encode(wallet.privateKey.slice(2, 18)))).toBe(false);
      }
      // AES-GCM adds a 16-byte tag: the ciphertext is the plaintext's length plus 16.
      expect(fromBase64(record.encryptedMnemonic.ciphertext)).toHaveLength(MNEMONIC.length + 16);
    },
    SLOW,
  );

  it('refuses fewer than 600,000 iterations and short passphrases', async () => {
    await expect(encryptWallet(MNEMONIC, PASSPHRASE, { iterations: 100_000 })).rejects.toThrow(/600000/);
    await expect(encryptWallet(MNEMONIC, 'short')).rejects.toThrow(/at least 10/);
  });
});

import 'fake-indexeddb/auto';
import { WALLET } from '@hanabi/api';
import { afterEach, describe, expect, it } from 'vitest';
import type { EncryptedWalletRecord } from './wallet-crypto';
import { rememberInjectedWallet, walletKindOf } from './wallet-kind';
import {
  WALLET_DB_NAME,
  WALLET_STORE_NAME,
  closeWalletDb,
  getWalletRecord,
  listWalletRecords,
  saveWalletRecord,
} from './wallet-store';

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function record(address = ADDRESS): EncryptedWalletRecord {
  return {
    version: 1,
    address: address as `0x${string}`,
    encryptedPrivateKey: { iv: 'aXZpdml2aXZpdml2', ciphertext: 'Y2lwaGVy' },
    encryptedMnemonic: { iv: 'aXZpdml2aXZpdmk=', ciphertext: 'Y2lwaGVy' },
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 600_000, salt: 'c2FsdHNhbHRzYWx0c2FsdA==' },
    cipher: { name: 'AES-GCM', length: 256 },
    createdAt: '2025-01-01T00:00:00.000Z',
  };
}

afterEach(async () => {
  await closeWalletDb();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(WALLET_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
});

describe('wallet store', () => {
  it('uses the IndexedDB database "hanabi" and the store "wallet"', async () => {
    expect(WALLET_DB_NAME).toBe('hanabi');
    expect(WALLET_STORE_NAME).toBe('wallet');
    expect(WALLET_DB_NAME).toBe(WALLET.indexedDbName);
    await saveWalletRecord(record());
    await closeWalletDb();
    const names = (await indexedDB.databases()).map((db) => db.name);
    expect(names).toContain('hanabi');
    const raw = await new Promise<unknown>((resolve, reject) => {
      const open = indexedDB.open('hanabi');
      open.onsuccess = () => {
        const db = open.result;
        expect([...db.objectStoreNames]).toEqual(['wallet']);
        const get = db.transaction('wallet').objectStore('wallet').get(ADDRESS);
        get.onsuccess = () => {
          db.close();
          resolve(get.result);
        };
        get.onerror = () => reject(get.error);
      };
      open.onerror = () => reject(open.error);
    });
    expect(raw).toEqual(record());
  });

  it('finds a record by address in any letter case, and lists them', async () => {
    await saveWalletRecord(record());
    expect(await getWalletRecord(ADDRESS.toLowerCase())).toEqual(record());
    expect(await getWalletRecord('0x0000000000000000000000000000000000000001')).toBeNull();
    expect(await getWalletRecord('not an address')).toBeNull();
    expect(await listWalletRecords()).toHaveLength(1);
  });

  it('tells a browser wallet from an extension wallet and an unknown one', async () => {
    await saveWalletRecord(record());
    expect(await walletKindOf(ADDRESS)).toEqual({ kind: 'browser' });
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    expect(await walletKindOf(other)).toEqual({ kind: 'unknown' });
    rememberInjectedWallet(other, 'MetaMask');
    expect(await walletKindOf(other.toLowerCase())).toEqual({ kind: 'injected', walletName: 'MetaMask' });
  });
});

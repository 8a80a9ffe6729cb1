/**
 * Where encrypted browser wallets live: IndexedDB database `hanabi`, object store `wallet` (docs/original-spec.md §3:
 * "a browser local database, store named wallet"), one record per address. Only `EncryptedWalletRecord`s are
 * ever written — no plain private key or recovery phrase.
 */
import { WALLET } from '@hanabi/api';
import type { DBSchema, IDBPDatabase } from 'idb';
import { openDB } from 'idb';
import { getAddress, isAddress } from 'viem';
import type { EncryptedWalletRecord } from './wallet-crypto';

export const WALLET_DB_NAME = WALLET.indexedDbName;
export const WALLET_STORE_NAME = WALLET.indexedDbStore;
export const WALLET_DB_VERSION = 1;

interface HanabiDb extends DBSchema {
  wallet: { key: string; value: EncryptedWalletRecord };
}

let dbPromise: Promise<IDBPDatabase<HanabiDb>> | null = null;

export function openWalletDb(): Promise<IDBPDatabase<HanabiDb>> {
  dbPromise ??= openDB<HanabiDb>(WALLET_DB_NAME, WALLET_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains(WALLET_STORE_NAME)) {
        db.createObjectStore(WALLET_STORE_NAME, { keyPath: 'address' });
      }
    },
    blocking() {
      // Another tab wants a newer version: let it, and reopen on the next call.
      void dbPromise?.then((db) => db.close());
      dbPromise = null;
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Closes the connection (tests delete the database between cases). */
export async function closeWalletDb(): Promise<void> {
  const pending = dbPromise;
  dbPromise = null;
  if (pending) (await pending).close();
}

function keyOf(address: string): string | null {
  return isAddress(address, { strict: false }) ? getAddress(address) : null;
}

export async function saveWalletRecord(record: EncryptedWalletRecord): Promise<void> {
  const db = await openWalletDb();
  await db.put(WALLET_STORE_NAME, { ...record, address: getAddress(record.address) });
}

/** The browser wallet stored for an address (any letter case), or null. */
export async function getWalletRecord(address: string): Promise<EncryptedWalletRecord | null> {
  const key = keyOf(address);
  if (!key) return null;
  const db = await openWalletDb();
  return (await db.get(WALLET_STORE_NAME, key)) ?? null;
}

export async function listWalletRecords(): Promise<EncryptedWalletRecord[]> {
  const db = await openWalletDb();
  return db.getAll(WALLET_STORE_NAME);
}

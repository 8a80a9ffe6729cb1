import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appSetting } from './schema.ts';

/** Well-known `app_setting` keys. */
export const SETTING_KEYS = {
  authSecret: 'auth.secret',
  contractAddress: 'chain.contractAddress',
  drawRegistryAddress: 'chain.drawRegistryAddress',
} as const;

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
  return row?.value as T | undefined;
}

/**
 * Stores a value unless the key already has one, and answers the value that is stored either way — so several
 * processes starting at once agree on the first writer's value.
 */
export async function readOrCreateSetting<T>(db: Db, key: string, create: () => T): Promise<T> {
  await db
    .insert(appSetting)
    .values({ key, value: create() })
    .onConflictDoNothing({ target: appSetting.key });
  const value = await readSetting<T>(db, key);
  if (value === undefined) throw new Error(`app_setting ${key} could not be stored`);
  return value;
}

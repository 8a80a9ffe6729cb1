import crypto from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { readOrCreateSetting, SETTING_KEYS } from '../../db/app-settings.ts';

/**
 * The secret better-auth signs cookies and tokens with. Production sets AUTH_SECRET (config requires it there);
 * otherwise one is generated on the first start and kept in `app_setting`, so sessions survive restarts.
 */
export async function resolveAuthSecret(config: AppConfig, db: Db): Promise<string> {
  if (config.auth.secret) return config.auth.secret;
  return readOrCreateSetting(db, SETTING_KEYS.authSecret, () => crypto.randomBytes(48).toString('base64url'));
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Hanabi's tables. Feature issues add theirs here (one section per feature) and generate a migration with
 * `npm run db:generate -w @hanabi/server`; the same migration files run on PGlite and PostgreSQL.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Small process-independent settings and facts (e.g. when the demo seed ran, the deployed contract address). */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Answers remembered for client `Idempotency-Key` headers: a replay with the same key gets the first answer,
 * a different body under the same key is refused. Rows expire and the housekeeping job prunes them.
 */
export const idempotencyRecord = pgTable(
  'idempotency_record',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '24 hours'`),
  },
  (table) => [
    primaryKey({ columns: [table.scope, table.key] }),
    index('idempotency_record_expires_at_idx').on(table.expiresAt),
  ],
);

// ─── Identity (better-auth) ──────────────────────────────────────────────────────────────────────────────────
// better-auth's four tables under names that cannot clash with Hanabi's. Property names are better-auth's field
// names (the drizzle adapter addresses columns by them); columns are snake_case like the rest of the schema.

export const authUser = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authSession = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /** How this session was started: google | twitter | email (a Hanabi addition, set by a better-auth hook). */
    signInMethod: text('sign_in_method'),
  },
  (table) => [index('auth_session_user_id_idx').on(table.userId)],
);

/**
 * Sign-in methods of an identity: one row per linked OAuth account (`google`, `twitter`, with tokens), plus a
 * Hanabi `email` row (accountId = the address) when e-mail-link sign-in is on for it.
 */
export const authAccount = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_account_user_id_idx').on(table.userId),
    uniqueIndex('auth_account_provider_account_uidx').on(table.providerId, table.accountId),
  ],
);

export const authVerification = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('auth_verification_identifier_idx').on(table.identifier),
    index('auth_verification_expires_at_idx').on(table.expiresAt),
  ],
);

// ─── Hanabi users (DESIGN section 4) ─────────────────────────────────────────────────────────────────────────

/** A Hanabi user: one per identity, of one type. Rows never go over the wire; the account module maps them. */
export const appUser = pgTable(
  'app_user',
  {
    id: text('id').primaryKey(),
    authUserId: text('auth_user_id')
      .notNull()
      .unique()
      .references(() => authUser.id),
    type: text('type', { enum: ['streamer', 'audience'] }).notNull(),
    role: text('role', { enum: ['user', 'operator'] })
      .notNull()
      .default('user'),
    name: text('name').notNull(),
    avatarUrl: text('avatar_url').notNull().default('/assets/images/avatar.svg'),
    bio: text('bio').notNull().default(''),
    /** EIP-55 checksummed. */
    walletAddress: text('wallet_address'),
    youtubeChannelId: text('youtube_channel_id'),
    youtubeTitle: text('youtube_title'),
    youtubeThumbnailUrl: text('youtube_thumbnail_url'),
    twitcastingUserId: text('twitcasting_user_id'),
    twitcastingScreenId: text('twitcasting_screen_id'),
    twitcastingName: text('twitcasting_name'),
    twitcastingImageUrl: text('twitcasting_image_url'),
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('app_user_wallet_address_uidx')
      .on(sql`lower(${table.walletAddress})`)
      .where(sql`${table.walletAddress} is not null`),
    uniqueIndex('app_user_youtube_channel_id_uidx')
      .on(table.youtubeChannelId)
      .where(sql`${table.youtubeChannelId} is not null`),
    uniqueIndex('app_user_twitcasting_user_id_uidx')
      .on(table.twitcastingUserId)
      .where(sql`${table.twitcastingUserId} is not null`),
    index('app_user_type_idx').on(table.type),
    check('app_user_type_check', sql`${table.type} in ('streamer', 'audience')`),
    check('app_user_role_check', sql`${table.role} in ('user', 'operator')`),
    check('app_user_locale_check', sql`${table.locale} in ('ja', 'en')`),
  ],
);

// ─── Mail ────────────────────────────────────────────────────────────────────────────────────────────────────

/** The dev mailbox: what the embedded mail adapter "sent" (kept across restarts; shown at /api/dev/mailbox). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: text('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('dev_mail_created_at_idx').on(table.createdAt)],
);

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

import { sql } from 'drizzle-orm';
import {
  DRAW_FAILURES,
  EXCLUSION_REASONS,
  HELD_CLAIM_PLATFORMS,
  LIVE_PLATFORMS,
  NOTIFICATION_TYPES,
} from '@hanabi/api';
import type { DrawIngestBehind as IngestBehind } from '@hanabi/api';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
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

/**
 * `column in ('a', 'b')` built from a constant list (decision 0228): a CHECK guarding a platform column follows
 * `LIVE_PLATFORMS` instead of repeating it. The values are the contract's own literals, never input.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

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

// ─── Hanabi users (docs/design.md §4) ─────────────────────────────────────────────────────────────────────────

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
    locale: text('locale', { enum: ['ja', 'en'] })
      .notNull()
      .default('ja'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** Whether anyone may see this person's collection (otherwise only they do). */
    collectionPublic: boolean('collection_public').notNull().default(false),
    /** Whether news of a prize (it arrived) also comes by e-mail, in `locale` (decision 0097). */
    emailNotices: boolean('email_notices').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('app_user_wallet_address_uidx')
      .on(sql`lower(${table.walletAddress})`)
      .where(sql`${table.walletAddress} is not null`),
    index('app_user_type_idx').on(table.type),
    index('app_user_created_at_idx').on(table.createdAt),
    check('app_user_type_check', sql`${table.type} in ('streamer', 'audience')`),
    check('app_user_role_check', sql`${table.role} in ('user', 'operator')`),
    check('app_user_locale_check', sql`${table.locale} in ('ja', 'en')`),
  ],
);

/**
 * A platform account a user has linked (decision 0228): one row per user and platform, so a new platform needs
 * no new column. Owned by `modules/platform-identities`; `live-connections` links and unlinks. The key is the
 * platform's STABLE id (YouTube channel id, TwitCasting numeric user id): an account belongs to at most one user.
 */
export const platformIdentity = pgTable(
  'platform_identity',
  {
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    platformUserId: text('platform_user_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** A changeable handle the platform shows (TwitCasting's screen id), where it has one. */
    screenId: text('screen_id'),
    displayName: text('display_name'),
    imageUrl: text('image_url'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.platformUserId] }),
    uniqueIndex('platform_identity_user_platform_uidx').on(table.userId, table.platform),
    check('platform_identity_platform_check', oneOf(table.platform, LIVE_PLATFORMS)),
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
    /** Extra headers the mail carried (List-Unsubscribe, …), so a test can see them as an SMTP server would. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('dev_mail_created_at_idx').on(table.createdAt)],
);

// ─── Chain: the token ids Hanabi knows and the operations it sent (issue [Chain]) ───────────────────────────

/** A uint256 as PostgreSQL numeric (78 digits hold 2^256 − 1); drizzle reads it as a decimal string. */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 });

/**
 * A token id Hanabi has minted or given a URI. `minted`/`burned` count what Hanabi's own writes moved (operator
 * tools, publishing, deliveries), not what others did on chain; the chain stays the truth for balances.
 */
export const chainToken = pgTable('chain_token', {
  tokenId: uint256('token_id').primaryKey(),
  /** The URI last set on chain by Hanabi (`ipfs://…`), or null. */
  uri: text('uri'),
  minted: uint256('minted').notNull().default('0'),
  burned: uint256('burned').notNull().default('0'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every on-chain write Hanabi's operator tools (and services reusing them) made or tried: `submitted` once the
 * transaction hash is known, then `confirmed` or `failed`; a write refused by simulation is `failed` with no hash.
 * Addresses are EIP-55 checksummed, so equal addresses compare equal as text.
 */
export const chainOperation = pgTable(
  'chain_operation',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['mint', 'burn', 'transfer', 'approve', 'set_uri'] }).notNull(),
    tokenId: uint256('token_id').notNull(),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    amount: uint256('amount'),
    /** For set_uri: the URI set. */
    uri: text('uri'),
    txHash: text('tx_hash'),
    status: text('status', { enum: ['submitted', 'confirmed', 'failed'] }).notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }),
    gasUsed: uint256('gas_used'),
    error: text('error'),
    requestedBy: text('requested_by').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('chain_operation_created_at_idx').on(table.createdAt, table.id),
    index('chain_operation_token_id_idx').on(table.tokenId),
    index('chain_operation_to_address_idx').on(table.toAddress),
    index('chain_operation_from_address_idx').on(table.fromAddress),
    uniqueIndex('chain_operation_tx_hash_uidx')
      .on(table.txHash)
      .where(sql`${table.txHash} is not null`),
    check(
      'chain_operation_kind_check',
      sql`${table.kind} in ('mint', 'burn', 'transfer', 'approve', 'set_uri')`,
    ),
    check('chain_operation_status_check', sql`${table.status} in ('submitted', 'confirmed', 'failed')`),
  ],
);

// ─── Goods & campaigns: uploaded files, digital goods, campaigns, the watchlist (issue [Goods & campaigns]) ──

/** An uploaded file (docs/design.md §4). `cid` stays null until the chain work pins it to IPFS. */
export const asset = pgTable(
  'asset',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['campaign', 'digitalgoods'] }).notNull(),
    /** `{kind}/{uid}/{name}.{ext}` in the file storage. */
    storageKey: text('storage_key').notNull().unique(),
    /** The sanitised name the person gave the file. */
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes. */
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    cid: text('cid'),
    /** The tus upload it came from (answers a resumed upload that already finished). */
    uploadId: text('upload_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('asset_owner_id_idx').on(table.ownerId, table.createdAt),
    uniqueIndex('asset_upload_id_uidx')
      .on(table.uploadId)
      .where(sql`${table.uploadId} is not null`),
    check('asset_kind_check', sql`${table.kind} in ('campaign', 'digitalgoods')`),
  ],
);

/** A streamer's digital goods: an ERC-1155 token type once published (`token_id` assigned then). */
export const digitalGoods = pgTable(
  'digital_goods',
  {
    id: text('id').primaryKey(),
    streamerId: text('streamer_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    imageAssetId: text('image_asset_id').references(() => asset.id, { onDelete: 'set null' }),
    animationAssetId: text('animation_asset_id').references(() => asset.id, { onDelete: 'set null' }),
    supply: integer('supply').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    hidden: boolean('hidden').notNull().default(false),
    tokenId: uint256('token_id').unique(),
    imageCid: text('image_cid'),
    metadataCid: text('metadata_cid'),
    tokenUri: text('token_uri'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('digital_goods_streamer_id_idx').on(table.streamerId, table.createdAt),
    check('digital_goods_status_check', sql`${table.status} in ('draft', 'published')`),
    check('digital_goods_supply_check', sql`${table.supply} > 0`),
  ],
);

export interface CampaignEntryRule {
  keyword: string;
  onePerPerson: boolean;
  membersOnly: boolean;
  excludeModerators: boolean;
  windowStart: string | null;
  windowEnd: string | null;
  cooldownDays: number;
}

/** A prize campaign (docs/design.md §4). Status advances with time: scheduled → live → ended. */
export const campaign = pgTable(
  'campaign',
  {
    id: text('id').primaryKey(),
    streamerId: text('streamer_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverAssetId: text('cover_asset_id').references(() => asset.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'scheduled', 'live', 'ended'] })
      .notNull()
      .default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    platforms: text('platforms').array().notNull(),
    prizeDigitalGoodsId: text('prize_digital_goods_id')
      .notNull()
      .references(() => digitalGoods.id),
    copiesPerWinner: integer('copies_per_winner').notNull(),
    winnerCount: integer('winner_count').notNull(),
    entryRule: jsonb('entry_rule').$type<CampaignEntryRule>().notNull(),
    drawMode: text('draw_mode', { enum: ['manual', 'everyNMinutes', 'atEnd'] }).notNull(),
    drawIntervalMinutes: integer('draw_interval_minutes'),
    /**
     * When entries closed for good: the close time T of the draw that filled the campaign's winners (decision
     * 0072). Comments after it never enter; null while entries are open.
     */
    entriesClosedAt: timestamp('entries_closed_at', { withTimezone: true }),
    /** Hash of what the Open Graph image shows; the stored `ogp/{id}.png` is current while it matches. */
    ogImageHash: text('og_image_hash'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaign_streamer_id_idx').on(table.streamerId, table.createdAt),
    index('campaign_status_ends_at_idx').on(table.status, table.endsAt),
    index('campaign_created_at_idx').on(table.createdAt, table.id),
    index('campaign_prize_idx').on(table.prizeDigitalGoodsId),
    // The dashboard's "active campaigns" per bucket (decision 0021).
    index('campaign_active_period_idx')
      .on(table.startsAt, table.endsAt)
      .where(sql`${table.status} <> 'draft'`),
    check('campaign_status_check', sql`${table.status} in ('draft', 'scheduled', 'live', 'ended')`),
    check('campaign_draw_mode_check', sql`${table.drawMode} in ('manual', 'everyNMinutes', 'atEnd')`),
    check('campaign_period_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** An audience member's watchlist (the watchlist calls come with their own issue; `isWatch` reads it). */
export const watch = pgTable(
  'watch',
  {
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.campaignId] }),
    index('watch_campaign_id_idx').on(table.campaignId),
  ],
);

// ─── Delivery: the signer's transactions, deliveries, held claims, manual distributions (issue [Delivery]) ──

/**
 * One nonce of the signer, filled by an `airdrop` Hanabi signed. The signed transaction and its hash are stored
 * BEFORE it is broadcast, so after any crash the reconciler can rebroadcast it or find which version was mined.
 * A replacement (same nonce, higher fee) updates `raw_tx`/`tx_hash` and appends to `tx_hashes`.
 */
export const chainTx = pgTable(
  'chain_tx',
  {
    id: text('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    /** EIP-55 checksummed signer address. */
    signer: text('signer').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    contractAddress: text('contract_address').notNull(),
    tokenId: uint256('token_id').notNull(),
    /** What each recipient of this airdrop gets. */
    amount: uint256('amount').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    /** Every version signed for this nonce (the first and its replacements). */
    txHashes: text('tx_hashes').array().notNull(),
    gasLimit: uint256('gas_limit').notNull(),
    maxFeePerGas: uint256('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: uint256('max_priority_fee_per_gas').notNull(),
    /** The chain head when it was signed: where the TransferSingle log search starts. */
    signedAtBlock: bigint('signed_at_block', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['signed', 'broadcast', 'confirmed', 'reverted', 'dropped'] }).notNull(),
    broadcastCount: integer('broadcast_count').notNull().default(0),
    replacementCount: integer('replacement_count').notNull().default(0),
    /** The version that was mined. */
    minedTxHash: text('mined_tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    gasUsed: uint256('gas_used'),
    revertReason: text('revert_reason'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    // A dropped row's nonce went to another transaction; every other row owns its nonce.
    uniqueIndex('chain_tx_nonce_uidx')
      .on(table.chainId, table.signer, table.nonce)
      .where(sql`${table.status} <> 'dropped'`),
    index('chain_tx_status_idx').on(table.status, table.nonce),
    index('chain_tx_finished_at_idx')
      .on(table.finishedAt)
      .where(sql`${table.gasUsed} is not null`),
    check(
      'chain_tx_status_check',
      sql`${table.status} in ('signed', 'broadcast', 'confirmed', 'reverted', 'dropped')`,
    ),
  ],
);

/** A manual distribution a streamer sent: one batch of recipients for one digital goods. */
export const manualDistribution = pgTable(
  'manual_distribution',
  {
    id: text('id').primaryKey(),
    streamerId: text('streamer_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    digitalGoodsId: text('digital_goods_id')
      .notNull()
      .references(() => digitalGoods.id, { onDelete: 'cascade' }),
    rowCount: integer('row_count').notNull(),
    deliveryCount: integer('delivery_count').notNull(),
    heldCount: integer('held_count').notNull(),
    totalAmount: integer('total_amount').notNull(),
    status: text('status', { enum: ['delivering', 'completed'] }).notNull(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('manual_distribution_streamer_idx').on(table.streamerId, table.createdAt),
    check('manual_distribution_status_check', sql`${table.status} in ('delivering', 'completed')`),
  ],
);

/**
 * A prize for someone Hanabi cannot send to yet: a platform identity no user has linked, or a user with no
 * wallet. Linking the identity or setting a wallet turns it into a delivery (`delivery_id`).
 */
export const heldClaim = pgTable(
  'held_claim',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['draw', 'manual', 'admin'] }).notNull(),
    digitalGoodsId: text('digital_goods_id')
      .notNull()
      .references(() => digitalGoods.id, { onDelete: 'cascade' }),
    tokenId: uint256('token_id').notNull(),
    amount: uint256('amount').notNull(),
    /** `hanabi` when the recipient is a known user without a wallet. */
    platform: text('platform', { enum: HELD_CLAIM_PLATFORMS }).notNull(),
    platformUserId: text('platform_user_id').notNull(),
    displayName: text('display_name'),
    /** The user, once known (linked the identity, or a Hanabi user id from the start). */
    userId: text('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    campaignId: text('campaign_id').references(() => campaign.id, { onDelete: 'set null' }),
    manualDistributionId: text('manual_distribution_id').references(() => manualDistribution.id, {
      onDelete: 'set null',
    }),
    /** What decided it (a winner id, a manual row number). */
    sourceRef: text('source_ref').notNull(),
    status: text('status', { enum: ['held', 'released', 'cancelled'] }).notNull(),
    deliveryId: text('delivery_id'),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('held_claim_source_uidx').on(table.source, table.sourceRef),
    index('held_claim_identity_idx')
      .on(table.platform, table.platformUserId)
      .where(sql`${table.status} = 'held'`),
    index('held_claim_user_idx').on(table.userId),
    index('held_claim_manual_idx').on(table.manualDistributionId),
    index('held_claim_created_at_idx').on(table.createdAt),
    index('held_claim_released_at_idx')
      .on(table.releasedAt)
      .where(sql`${table.releasedAt} is not null`),
    check('held_claim_source_check', sql`${table.source} in ('draw', 'manual', 'admin')`),
    check('held_claim_platform_check', oneOf(table.platform, HELD_CLAIM_PLATFORMS)),
    check('held_claim_status_check', sql`${table.status} in ('held', 'released', 'cancelled')`),
  ],
);

/**
 * One prize on its way to one address (docs/design.md §8). Written in the same transaction as the decision that
 * causes it; the idempotency key (`winner:{id}`, `manual:{batch}:{row}`, `held:{claim}`) makes that decision
 * count once however often it is retried.
 */
export const delivery = pgTable(
  'delivery',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    source: text('source', { enum: ['draw', 'manual', 'admin'] }).notNull(),
    digitalGoodsId: text('digital_goods_id').references(() => digitalGoods.id, { onDelete: 'set null' }),
    tokenId: uint256('token_id').notNull(),
    amount: uint256('amount').notNull(),
    recipientUserId: text('recipient_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** EIP-55 checksummed. */
    recipientAddress: text('recipient_address').notNull(),
    campaignId: text('campaign_id').references(() => campaign.id, { onDelete: 'set null' }),
    manualDistributionId: text('manual_distribution_id').references(() => manualDistribution.id, {
      onDelete: 'set null',
    }),
    heldClaimId: text('held_claim_id').references(() => heldClaim.id, { onDelete: 'set null' }),
    /** What decided it (a winner id, a manual row number, an operator's request). */
    sourceRef: text('source_ref'),
    status: text('status', { enum: ['queued', 'submitted', 'confirmed', 'failed', 'cancelled'] }).notNull(),
    chainTxId: text('chain_tx_id').references(() => chainTx.id, { onDelete: 'set null' }),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    /** This recipient's share of the airdrop's gas. */
    gasUsed: uint256('gas_used'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    index('delivery_queue_idx')
      .on(table.tokenId, table.amount, table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index('delivery_status_idx').on(table.status, table.createdAt),
    index('delivery_chain_tx_idx').on(table.chainTxId),
    index('delivery_recipient_user_idx').on(table.recipientUserId, table.createdAt),
    index('delivery_recipient_address_idx').on(table.recipientAddress),
    index('delivery_campaign_idx').on(table.campaignId),
    index('delivery_manual_idx').on(table.manualDistributionId),
    index('delivery_goods_idx').on(table.digitalGoodsId),
    index('delivery_created_at_idx').on(table.createdAt),
    check('delivery_source_check', sql`${table.source} in ('draw', 'manual', 'admin')`),
    check(
      'delivery_status_check',
      sql`${table.status} in ('queued', 'submitted', 'confirmed', 'failed', 'cancelled')`,
    ),
  ],
);

// ─── Social layer: notifications, follows, likes, news (issues [Delivery], [Audience], [Operator]) ──────────

/** A notification (types and groups of the original). `params` fill the text in the reader's language. */
export const notification = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Where it leads: `/collection/{id}`, `/campaign/{id}`, … */
    href: text('href'),
    hrefId: text('href_id'),
    isRead: boolean('is_read').notNull().default(false),
    /**
     * The e-mail twin (decision 0097): 'pending' when one is due, then 'sent' or 'skipped' (the person turned
     * e-mail off, has no address, or is suspended); null for types never mailed.
     */
    mailState: text('mail_state', { enum: ['pending', 'sent', 'skipped'] }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notification_user_idx').on(table.userId, table.createdAt, table.id),
    index('notification_mail_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.mailState} = 'pending'`),
    index('notification_unread_idx')
      .on(table.userId)
      .where(sql`${table.isRead} = false`),
  ],
);

/** An audience member following a streamer. */
export const follow = pgTable(
  'follow',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    streamerId: text('streamer_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.streamerId] }),
    index('follow_streamer_idx').on(table.streamerId),
  ],
);

/** A like on a campaign or a token (digital goods). */
export const like = pgTable(
  'like',
  {
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: ['campaign', 'token'] }).notNull(),
    /** A campaign id, or a digital goods id for a token. */
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetKind, table.targetId] }),
    index('like_target_idx').on(table.targetKind, table.targetId),
    check('like_target_kind_check', sql`${table.targetKind} in ('campaign', 'token')`),
  ],
);

/** News from the operators, in Japanese and (optionally) English. Unpublished while `published_at` is null. */
export const news = pgTable(
  'news',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    titleEn: text('title_en'),
    bodyEn: text('body_en'),
    /** Null: a draft or unpublished; in the future: scheduled. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorId: text('author_id').references(() => appUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('news_published_idx').on(table.publishedAt, table.id)],
);

// ─── Live: platform connections, live streams, comments, draws, winners (issue [Live]) ──────────────────────

/**
 * A user's OAuth connection to a platform: streamers read their chat with it, audience members prove the
 * identity they comment with. Tokens are stored encrypted (AES-256-GCM, key derived from the auth secret).
 */
export const platformConnection = pgTable(
  'platform_connection',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    /** YouTube channel id; TwitCasting user id. */
    platformUserId: text('platform_user_id').notNull(),
    /** TwitCasting screen id. */
    screenId: text('screen_id'),
    displayName: text('display_name'),
    imageUrl: text('image_url'),
    accessTokenEncrypted: text('access_token_encrypted').notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Set when the platform refused the token: the user must connect again. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_connection_user_platform_uidx').on(table.userId, table.platform),
    uniqueIndex('platform_connection_identity_uidx').on(table.platform, table.platformUserId),
    check('platform_connection_platform_check', oneOf(table.platform, LIVE_PLATFORMS)),
  ],
);

/** One broadcast of a campaign on one platform: where its chat is read from, and how far. */
export const liveStream = pgTable(
  'live_stream',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    /** The `{a}` of the original's paths: YouTube channel id, TwitCasting user id. */
    channelId: text('channel_id').notNull(),
    /** The `{b}`: YouTube broadcast (video) id, TwitCasting movie id. */
    broadcastId: text('broadcast_id').notNull(),
    liveChatId: text('live_chat_id'),
    status: text('status', { enum: ['waiting', 'live', 'ended', 'error'] }).notNull(),
    /** Where ingestion resumes: YouTube `nextPageToken`, TwitCasting last `slice_id`. */
    cursor: text('cursor'),
    pollingIntervalMs: integer('polling_interval_ms'),
    /** YouTube quota units spent on this stream, and the budget it may spend. */
    quotaUsed: integer('quota_used').notNull().default(0),
    quotaBudget: integer('quota_budget'),
    /** The Pacific-time day (YYYY-MM-DD) `quota_used` counts: YouTube's quota resets at midnight Pacific. */
    quotaDay: text('quota_day'),
    /** Platform-specific reading state beyond the cursor (e.g. TwitCasting's last `all_count` for gap checks). */
    ingestState: jsonb('ingest_state').$type<Record<string, unknown>>().notNull().default({}),
    /** When the worker may poll next (honours `pollingIntervalMillis`, rate-limit resets and back-off). */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }),
    /** The streamer's connection whose token reads this chat. */
    connectionId: text('connection_id').references(() => platformConnection.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    /**
     * The chat was read completely up to this instant (this server's clock) by a read of this stream: comments the
     * platform published before it are stored. Only the reader's row moves; the chat's is the latest over its
     * streams. A draw waits for it to pass its close time T (decision 0204).
     */
    readThroughAt: timestamp('read_through_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('live_stream_poll_idx')
      .on(table.nextPollAt)
      .where(sql`${table.status} in ('waiting', 'live')`),
    uniqueIndex('live_stream_broadcast_uidx').on(table.campaignId, table.platform, table.broadcastId),
    index('live_stream_status_idx').on(table.status),
    // The campaigns reading one live chat find each other by it (one reader per chat, decision 0160).
    index('live_stream_chat_idx')
      .on(table.platform, table.broadcastId)
      .where(sql`${table.status} in ('waiting', 'live')`),
    check('live_stream_platform_check', oneOf(table.platform, LIVE_PLATFORMS)),
    check('live_stream_status_check', sql`${table.status} in ('waiting', 'live', 'ended', 'error')`),
  ],
);

/**
 * A chat message, stored once per live chat (platform + broadcast) however many campaigns read that chat, and
 * de-duplicated by the platform's message id within it (decision 0173). A campaign's stream on the chat sees the
 * chat's comments up to its `ended_at` (all of them while it is read); each campaign applies its own entry rule.
 */
export const liveComment = pgTable(
  'live_comment',
  {
    id: text('id').primaryKey(),
    /** The chat it was said in: `live_stream.platform` and `live_stream.broadcast_id` of the streams reading it. */
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    broadcastId: text('broadcast_id').notNull(),
    platformMessageId: text('platform_message_id').notNull(),
    authorPlatformId: text('author_platform_id').notNull(),
    authorName: text('author_name').notNull(),
    authorImageUrl: text('author_image_url'),
    text: text('text').notNull(),
    kind: text('kind', { enum: ['text', 'superChat', 'membership', 'other'] })
      .notNull()
      .default('text'),
    isMember: boolean('is_member').notNull().default(false),
    isModerator: boolean('is_moderator').notNull().default(false),
    isOwner: boolean('is_owner').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('live_comment_chat_message_uidx').on(
      table.platform,
      table.broadcastId,
      table.platformMessageId,
    ),
    index('live_comment_chat_time_idx').on(table.platform, table.broadcastId, table.publishedAt, table.id),
    index('live_comment_created_idx').on(table.createdAt),
    check('live_comment_kind_check', sql`${table.kind} in ('text', 'superChat', 'membership', 'other')`),
    check('live_comment_platform_check', oneOf(table.platform, LIVE_PLATFORMS)),
  ],
);

/**
 * A verifiable draw (docs/design.md §7): commitment to a secret seed, the frozen entrant list's hash, the beacon,
 * the derived seed and the winners. A re-draw links to the draw it replaces a winner of.
 */
export const draw = pgTable(
  'draw',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    status: text('status', { enum: ['open', 'closed', 'revealed', 'failed'] }).notNull(),
    /** SHA-256(S) hex, published when the round opens. */
    commitment: text('commitment').notNull(),
    /** S (hex): secret until the draw is revealed. Never sent before `revealed_at`. */
    secretSeed: text('secret_seed').notNull(),
    entrantsHash: text('entrants_hash'),
    entrantCount: integer('entrant_count'),
    winnerCount: integer('winner_count').notNull(),
    /** T: fixed when the close starts; comments the platform published at or before it count (decision 0204). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The wait for ingestion to pass T ends here at the latest; null on draws frozen before decision 0204. */
    freezeDeadline: timestamp('freeze_deadline', { withTimezone: true }),
    /** When the entrant list was frozen (after the wait); null while the draw waits for ingestion. */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /** The chats whose ingestion had not passed T at the freeze (empty: all had), as the proof page shows them. */
    ingestBehind: jsonb('ingest_behind').$type<IngestBehind[]>(),
    beaconSource: text('beacon_source'),
    beaconRound: text('beacon_round'),
    beaconValue: text('beacon_value'),
    /** drand: the round's BLS signature (hex), checked before the reveal and published in the proof. */
    beaconSignature: text('beacon_signature'),
    /** drand's chained default chain: the previous round's signature, which the round's signature signs. */
    beaconPreviousSignature: text('beacon_previous_signature'),
    seed: text('seed'),
    /**
     * The draw's public record in the draw registry (decision 0202), written before its drand round exists: the
     * transaction, where it is, its block and block time, and the draw's number among the campaign's records.
     */
    recordTxHash: text('record_tx_hash'),
    recordChainId: integer('record_chain_id'),
    recordRegistry: text('record_registry'),
    recordBlock: bigint('record_block', { mode: 'number' }),
    recordBlockTime: timestamp('record_block_time', { withTimezone: true }),
    recordNumber: integer('record_number'),
    /** S sealed to the round with timelock encryption, as the record carries it (hex; empty on a chained chain). */
    sealedSecret: text('sealed_secret'),
    redrawOf: text('redraw_of'),
    /** What started it: the streamer's button, the schedule, the campaign's end, or an exclusion (re-draw). */
    trigger: text('trigger', { enum: ['manual', 'schedule', 'atEnd', 'redraw'] })
      .notNull()
      .default('manual'),
    /** The user who asked for it (null for scheduled draws). */
    requestedBy: text('requested_by'),
    /** The platform path the streamer drew from (informational: a draw covers all the campaign's streams). */
    platform: text('platform', { enum: LIVE_PLATFORMS }),
    failure: text('failure'),
    /** Why it failed, as the public reads it (decision 0200); `failure` keeps the detail for the streamer. */
    failureCode: text('failure_code', { enum: DRAW_FAILURES }),
    createdAt: createdAt(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('draw_round_uidx').on(table.campaignId, table.round),
    check('draw_status_check', sql`${table.status} in ('open', 'closed', 'revealed', 'failed')`),
  ],
);

/** The frozen, sorted entrant list of a draw (position = index in the canonical list). */
export const drawEntrant = pgTable(
  'draw_entrant',
  {
    drawId: text('draw_id')
      .notNull()
      .references(() => draw.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** `{platform}:{author id}`, or `user:{id}` for a person linked on several platforms. */
    entrantKey: text('entrant_key').notNull(),
    displayName: text('display_name').notNull(),
    /**
     * Who the key stood for at the freeze (decision 0182): the platform identity of the entrant's first eligible
     * comment and the Hanabi user it was linked to, so the reveal never parses the key back or asks today's links.
     * Null only on rows frozen before migration 0017 whose linked identity could not be found any more.
     */
    platform: text('platform', { enum: LIVE_PLATFORMS }),
    platformUserId: text('platform_user_id'),
    userId: text('user_id').references(() => appUser.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.drawId, table.position] })],
);

/** A winner of a draw and what became of their prize. */
export const winner = pgTable(
  'winner',
  {
    id: text('id').primaryKey(),
    drawId: text('draw_id')
      .notNull()
      .references(() => draw.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    entrantKey: text('entrant_key').notNull(),
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    platformUserId: text('platform_user_id').notNull(),
    displayName: text('display_name').notNull(),
    userId: text('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** drawn → (distribution) held | queued → submitted → delivered | failed; or excluded by the streamer. */
    status: text('status', {
      enum: ['drawn', 'held', 'queued', 'submitted', 'delivered', 'failed', 'excluded'],
    }).notNull(),
    deliveryId: text('delivery_id'),
    heldClaimId: text('held_claim_id'),
    /** When the winner was handed to the delivery engine (a delivery or a held claim written). */
    distributedAt: timestamp('distributed_at', { withTimezone: true }),
    excludedAt: timestamp('excluded_at', { withTimezone: true }),
    /** The streamer's own words on the exclusion (public with the reason). */
    excludedReason: text('excluded_reason'),
    excludedReasonCode: text('excluded_reason_code', { enum: EXCLUSION_REASONS }),
    /** The re-draw that replaces this excluded winner (written when that draw opens). */
    replacedBy: text('replaced_by'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('winner_draw_position_uidx').on(table.drawId, table.position),
    index('winner_campaign_idx').on(table.campaignId),
    index('winner_entrant_idx').on(table.entrantKey),
    check('winner_platform_check', oneOf(table.platform, LIVE_PLATFORMS)),
  ],
);

/**
 * YouTube quota units a stream spent per Pacific day (the day Google's quota resets on). `live_stream` keeps only
 * the current day for its budget; this keeps every day, so a stream read across midnight Pacific shows in the
 * dashboard on both days. Written with the stream's quota, in the same transaction.
 */
export const liveQuotaUsage = pgTable(
  'live_quota_usage',
  {
    liveStreamId: text('live_stream_id')
      .notNull()
      .references(() => liveStream.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, Pacific time. */
    quotaDay: text('quota_day').notNull(),
    units: integer('units').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.liveStreamId, table.quotaDay] }),
    index('live_quota_usage_day_idx').on(table.quotaDay),
  ],
);

/**
 * YouTube quota spent per Google project (the OAuth client the calls go out under) and Pacific day, by every
 * stream and every other call: what Google counts against the project's daily allocation (decision 0161).
 * `recent_units` is an exponentially decayed sum (10-minute time constant) as of `recent_at`: the current rate.
 */
export const youtubeQuotaLedger = pgTable(
  'youtube_quota_ledger',
  {
    project: text('project').notNull(),
    /** YYYY-MM-DD, Pacific time. */
    quotaDay: text('quota_day').notNull(),
    units: integer('units').notNull().default(0),
    recentUnits: doublePrecision('recent_units').notNull().default(0),
    recentAt: timestamp('recent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.project, table.quotaDay] })],
);

/**
 * Repeated draws of a campaign (`POST …/scheduleWinner`): the worker's schedule reads it every minute, so a
 * started schedule survives restarts and runs on exactly one worker per due round.
 */
export const drawSchedule = pgTable('draw_schedule', {
  campaignId: text('campaign_id')
    .primaryKey()
    .references(() => campaign.id, { onDelete: 'cascade' }),
  active: boolean('active').notNull(),
  intervalMinutes: integer('interval_minutes'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  /** The platform path the schedule was started from (recorded on its draws). */
  platform: text('platform', { enum: LIVE_PLATFORMS }),
  startedBy: text('started_by'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change a streamer made to a campaign's winners (exclusions, re-draws): who, what, when. */
export const winnerChange = pgTable(
  'winner_change',
  {
    id: text('id').primaryKey(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    winnerId: text('winner_id'),
    actorId: text('actor_id').references(() => appUser.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('winner_change_campaign_idx').on(table.campaignId, table.createdAt)],
);

// ─── Analytics summaries: the dashboard's live figures per campaign and quarter hour (issue [Operator]) ──────

/**
 * The live figures of one campaign, platform and quarter hour (UTC `date_bin('15 minutes')`), kept by the
 * `analytics.refresh-summary` job (decision 0024): comments ingested, entrants counted at their first
 * non-deleted comment in the campaign, eligible entrants at the first revealed draw that froze them. Quarter
 * hours fit the bucket boundaries of every time zone in use, so any zone's days can be summed from them.
 */
export const analyticsLiveQuarter = pgTable(
  'analytics_live_quarter',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaign.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: LIVE_PLATFORMS }).notNull(),
    quarter: timestamp('quarter', { withTimezone: true }).notNull(),
    comments: integer('comments').notNull().default(0),
    entrants: integer('entrants').notNull().default(0),
    eligible: integer('eligible').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.platform, table.quarter] }),
    index('analytics_live_quarter_quarter_idx').on(table.quarter),
  ],
);

/** How far a summary is known to be complete: changes at or after `covered_until` are read from base tables. */
export const analyticsSummaryState = pgTable('analytics_summary_state', {
  name: text('name').primaryKey(),
  coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull(),
});

// ─── Wallet proof, changes and sign-in link binding (decisions 0063–0065) ───────────────────────────────────

/**
 * A Sign-In with Ethereum (EIP-4361) message issued to a signed-in user for one address: the nonce is single
 * use (`used_at`, set by the one UPDATE that accepts it) and expires (`expires_at`).
 */
export const walletChallenge = pgTable(
  'wallet_challenge',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** EIP-55 checksummed: the address the message names. */
    address: text('address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('wallet_challenge_user_idx').on(table.userId)],
);

/**
 * Every change of the address prizes go to: what it was, what it became, when held prizes may follow
 * (`release_after`: at once for a first address, after the cool-off for a replacement), and the owner's undo
 * link (hashed, single use, expiring).
 */
export const walletChange = pgTable(
  'wallet_change',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    previousAddress: text('previous_address'),
    newAddress: text('new_address'),
    releaseAfter: timestamp('release_after', { withTimezone: true }).notNull(),
    /** Set when the cool-off job released the held prizes that waited for it. */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    undoTokenHash: text('undo_token_hash').notNull().unique(),
    undoExpiresAt: timestamp('undo_expires_at', { withTimezone: true }).notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_change_user_idx').on(table.userId, table.createdAt),
    index('wallet_change_pending_idx')
      .on(table.releaseAfter)
      .where(sql`${table.releasedAt} is null and ${table.undoneAt} is null`),
  ],
);

/**
 * The browser that asked for an e-mail sign-in link (decision 0064): the link's token (hashed), the hash of
 * the requesting browser's binding cookie, and the short code shown there for opening the link elsewhere.
 */
export const signInLinkBinding = pgTable(
  'sign_in_link_binding',
  {
    tokenHash: text('token_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    email: text('email').notNull(),
    code: text('code').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The other browser that typed the right code: it may now open the link. */
    confirmedBrowserHash: text('confirmed_browser_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_link_binding_browser_idx').on(table.browserHash, table.createdAt)],
);

/**
 * Request counts of the API rate limits, shared by every api process (decision 0143). One row per client key
 * and window; rows past their window are reset in place by the next hit or pruned. UNLOGGED in the migration:
 * counts need no crash safety and skip the WAL.
 */
export const rateLimitHit = pgTable('rate_limit_hit', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The live event streams open now, one row per stream and client key (`ip:…`, `user:…`), so the per-client cap
 * holds over every api process (decision 0209). Each process refreshes `seen_at` of its rows; rows of a process
 * that died stop counting once stale and are pruned. UNLOGGED in the migration: a crash ends every stream anyway.
 */
export const openEventStream = pgTable(
  'open_event_stream',
  {
    id: text('id').primaryKey(),
    processId: text('process_id').notNull(),
    clientKey: text('client_key').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('open_event_stream_client_idx').on(table.clientKey, table.seenAt),
    index('open_event_stream_process_idx').on(table.processId),
  ],
);

/**
 * The delivery signer's balance, sampled by the worker every quarter hour (`signer.sample`): the trend and the
 * run-out forecast on the operator's system page. Keyed by chain and signer so a new key starts a new trend.
 */
export const signerBalanceSample = pgTable(
  'signer_balance_sample',
  {
    chainId: integer('chain_id').notNull(),
    signer: text('signer').notNull(),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    balanceWei: uint256('balance_wei').notNull(),
    gasPriceWei: uint256('gas_price_wei').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.signer, table.sampledAt] })],
);

import { and, asc, desc, eq, exists, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runIdempotent, storedIdempotentResponse } from '../../db/idempotent-write.ts';
import { appUser, campaign, follow, liveStream, watch } from '../../db/schema.ts';
import { personColumns, type PersonRow } from '../account/index.ts';

export type CampaignRow = typeof campaign.$inferSelect;
export type NewCampaign = Omit<typeof campaign.$inferInsert, 'updatedAt' | 'ogImageHash'>;
export type CampaignPatch = Partial<Omit<CampaignRow, 'id' | 'streamerId' | 'createdAt' | 'updatedAt'>>;
export type StreamerRow = PersonRow;
export type CampaignStatusValue = CampaignRow['status'];
export type CampaignSort = 'newest' | 'endingSoon' | 'startingSoon';

export interface CampaignListFilter {
  /** Only this streamer's (their own list) — every status. */
  streamerId?: string;
  /** Only campaigns of the streamers this user follows. */
  followedBy?: string;
  /** Only campaigns on this user's watchlist. */
  watchedBy?: string;
  /** Only public campaigns: not drafts, not of suspended streamers. */
  publicOnly: boolean;
  statuses?: CampaignStatusValue[];
  platform?: string;
  text?: string;
  sort: CampaignSort;
  limit: number;
  after?: { value: Date; id: string };
  /** The time statuses are judged at. */
  now: Date;
}

const PUBLIC_STATUSES: CampaignStatusValue[] = ['scheduled', 'live', 'ended'];

/**
 * The status as of now, computed in the query: the stored one moves along by a job (start and end times), so a
 * read must not rely on it having run yet. Same rule as `settledStatus`.
 */
export function effectiveStatusSql(now: Date): SQL<CampaignStatusValue> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<CampaignStatusValue>`(case when ${campaign.status} = 'draft' then 'draft'
    when ${campaign.endsAt} <= ${at} then 'ended'
    when ${campaign.status} = 'scheduled' and ${campaign.startsAt} <= ${at} then 'live'
    else ${campaign.status}::text end)`;
}

function sortColumn(sort: CampaignSort) {
  if (sort === 'endingSoon') return campaign.endsAt;
  if (sort === 'startingSoon') return campaign.startsAt;
  return campaign.createdAt;
}

/** `%` and `_` in a search text are literal. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Campaigns (`campaign`) with their streamer, and the watchlist flag. */
export class CampaignRepository {
  constructor(private readonly db: Db) {}

  /** The answer a used Idempotency-Key stored (undefined when the key is new). */
  storedResponse<T>(scope: string, key: string | undefined, requestBody: unknown): Promise<T | undefined> {
    return storedIdempotentResponse<T>(this.db, scope, key, requestBody);
  }

  /** Inserts once per (scope, key): a key seen before answers the id it inserted (decision 0073). */
  async insertOnce(
    scope: string,
    key: string | undefined,
    requestBody: unknown,
    values: NewCampaign,
  ): Promise<{ id: string }> {
    return runIdempotent(this.db, scope, key, requestBody, async (tx) => {
      const [row] = await tx.insert(campaign).values(values).returning({ id: campaign.id });
      return { id: row!.id };
    });
  }

  async insert(values: NewCampaign): Promise<CampaignRow> {
    const [row] = await this.db.insert(campaign).values(values).returning();
    return row!;
  }

  async update(id: string, patch: CampaignPatch): Promise<CampaignRow | null> {
    const [row] = await this.db
      .update(campaign)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(campaign.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(campaign).where(eq(campaign.id, id));
  }

  async findWithStreamer(id: string): Promise<{ campaign: CampaignRow; streamer: StreamerRow } | null> {
    const [row] = await this.db
      .select({ campaign, streamer: personColumns(appUser) })
      .from(campaign)
      .innerJoin(appUser, eq(appUser.id, campaign.streamerId))
      .where(eq(campaign.id, id));
    return row ?? null;
  }

  async list(filter: CampaignListFilter): Promise<{ campaign: CampaignRow; streamer: StreamerRow }[]> {
    const conditions: SQL[] = [];
    if (filter.streamerId) conditions.push(eq(campaign.streamerId, filter.streamerId));
    if (filter.followedBy) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(follow)
            .where(and(eq(follow.followerId, filter.followedBy), eq(follow.streamerId, campaign.streamerId))),
        ),
      );
    }
    if (filter.watchedBy) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(watch)
            .where(and(eq(watch.userId, filter.watchedBy), eq(watch.campaignId, campaign.id))),
        ),
      );
    }
    if (filter.publicOnly) {
      conditions.push(inArray(campaign.status, PUBLIC_STATUSES), isNull(appUser.suspendedAt));
    }
    if (filter.statuses) conditions.push(inArray(effectiveStatusSql(filter.now), filter.statuses));
    if (filter.platform) conditions.push(sql`${filter.platform} = any(${campaign.platforms})`);
    if (filter.text) {
      const pattern = likePattern(filter.text);
      conditions.push(or(ilike(campaign.title, pattern), ilike(campaign.description, pattern))!);
    }
    const column = sortColumn(filter.sort);
    const descending = filter.sort === 'newest';
    if (filter.after) {
      const { value, id } = filter.after;
      conditions.push(
        descending
          ? or(lt(column, value), and(eq(column, value), lt(campaign.id, id)))!
          : or(gt(column, value), and(eq(column, value), gt(campaign.id, id)))!,
      );
    }
    return this.db
      .select({ campaign, streamer: personColumns(appUser) })
      .from(campaign)
      .innerJoin(appUser, eq(appUser.id, campaign.streamerId))
      .where(and(...conditions))
      .orderBy(...(descending ? [desc(column), desc(campaign.id)] : [asc(column), asc(campaign.id)]))
      .limit(filter.limit);
  }

  /**
   * Moves campaigns along by time: scheduled → live at the start, scheduled/live → ended at the end. Runs in the
   * status job (cron, and once at start for what was missed); reads never write, they compute the status as of
   * now (`effectiveStatusSql`, `settledStatus`). Rows another caller is advancing right now are skipped
   * (`SKIP LOCKED`), so concurrent readers never wait on or deadlock with each other. Returns how many changed.
   */
  async advanceStatuses(now: Date): Promise<number> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const due = or(
      and(eq(campaign.status, 'scheduled'), sql`${campaign.startsAt} <= ${at}`),
      and(inArray(campaign.status, ['scheduled', 'live']), sql`${campaign.endsAt} <= ${at}`),
    );
    const changed = await this.db
      .update(campaign)
      .set({
        status: sql`case when ${campaign.endsAt} <= ${at} then 'ended' else 'live' end`,
        updatedAt: now,
      })
      .where(
        and(
          due,
          inArray(
            campaign.id,
            this.db.select({ id: campaign.id }).from(campaign).where(due).for('update', { skipLocked: true }),
          ),
        ),
      )
      .returning({ id: campaign.id });
    return changed.length;
  }

  async watchedIds(userId: string, campaignIds: string[]): Promise<Set<string>> {
    if (campaignIds.length === 0) return new Set();
    const rows = await this.db
      .select({ campaignId: watch.campaignId })
      .from(watch)
      .where(and(eq(watch.userId, userId), inArray(watch.campaignId, campaignIds)));
    return new Set(rows.map((row) => row.campaignId));
  }

  /** The campaigns whose platform reports a stream live now (`live_stream.status`, kept by ingestion). */
  async onAirIds(campaignIds: string[]): Promise<Set<string>> {
    if (campaignIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ campaignId: liveStream.campaignId })
      .from(liveStream)
      .where(and(eq(liveStream.status, 'live'), inArray(liveStream.campaignId, campaignIds)));
    return new Set(rows.map((row) => row.campaignId));
  }

  /** Every campaign the viewer watches (a watchlist is short: people watch a handful). */
  async watchedCampaignIds(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ campaignId: watch.campaignId })
      .from(watch)
      .where(eq(watch.userId, userId));
    return rows.map((row) => row.campaignId);
  }

  async setOgImageHash(id: string, hash: string): Promise<void> {
    await this.db.update(campaign).set({ ogImageHash: hash }).where(eq(campaign.id, id));
  }
}

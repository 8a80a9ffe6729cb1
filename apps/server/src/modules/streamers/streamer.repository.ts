import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, digitalGoods, follow } from '../../db/schema.ts';
import { personColumns, type PersonRow } from '../account/index.ts';
import { identityIs, identityMatches } from '../platform-identities/index.ts';

export type UserRow = PersonRow;
export type StreamerSort = 'followers' | 'activeCampaigns' | 'newest';

export interface StreamerListFilter {
  text?: string;
  followedBy?: string;
  sort: StreamerSort;
  limit: number;
  /** Keyset of the last row of the previous page: its sort value and id. */
  after?: { value: number | string; id: string };
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

// Correlated subqueries in plain SQL: drizzle leaves column names unqualified inside a select list, which
// would let `id` bind to the subquery's own table.
const followerCount = sql<number>`(select count(*)::int from follow f where f.streamer_id = app_user.id)`;
const activeCampaignCount = sql<number>`(select count(*)::int from campaign c where c.streamer_id = app_user.id and c.status in ('scheduled', 'live'))`;

/** The exact creation time as text (microseconds; a JS date would round them off and break the keyset). */
const createdKey = sql<string>`${appUser.createdAt}::text`;

export interface StreamerWithCounts {
  user: UserRow;
  followers: number;
  active: number;
  createdKey: string;
}

/** Streamers with their follower and active campaign counts; follows; the people search. */
export class StreamerRepository {
  constructor(private readonly db: Db) {}

  async list(filter: StreamerListFilter): Promise<StreamerWithCounts[]> {
    const conditions: SQL[] = [eq(appUser.type, 'streamer'), isNull(appUser.suspendedAt)];
    if (filter.text) {
      const pattern = likePattern(filter.text);
      conditions.push(or(ilike(appUser.name, pattern), identityMatches(appUser.id, pattern))!);
    }
    if (filter.followedBy) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(follow)
            .where(and(eq(follow.followerId, filter.followedBy), eq(follow.streamerId, appUser.id))),
        ),
      );
    }
    // Counts sort descending with the id ascending as tie-break; newest is created_at then id, both descending.
    if (filter.sort === 'newest') {
      if (filter.after) {
        const at = sql`${String(filter.after.value)}::timestamptz`;
        conditions.push(
          or(
            sql`${appUser.createdAt} < ${at}`,
            and(sql`${appUser.createdAt} = ${at}`, lt(appUser.id, filter.after.id)),
          )!,
        );
      }
    } else if (filter.after) {
      const column = filter.sort === 'followers' ? followerCount : activeCampaignCount;
      const value = Number(filter.after.value);
      conditions.push(
        or(sql`${column} < ${value}`, and(sql`${column} = ${value}`, gt(appUser.id, filter.after.id)))!,
      );
    }
    const order =
      filter.sort === 'newest'
        ? [desc(appUser.createdAt), desc(appUser.id)]
        : [desc(filter.sort === 'followers' ? followerCount : activeCampaignCount), asc(appUser.id)];
    return this.db
      .select({
        user: personColumns(appUser),
        followers: followerCount,
        active: activeCampaignCount,
        createdKey,
      })
      .from(appUser)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(filter.limit);
  }

  async findStreamer(id: string): Promise<StreamerWithCounts | null> {
    const [row] = await this.db
      .select({
        user: personColumns(appUser),
        followers: followerCount,
        active: activeCampaignCount,
        createdKey,
      })
      .from(appUser)
      .where(and(eq(appUser.id, id), eq(appUser.type, 'streamer'), isNull(appUser.suspendedAt)));
    return row ?? null;
  }

  async followedIds(userId: string, streamerIds: string[]): Promise<Set<string>> {
    if (streamerIds.length === 0) return new Set();
    const rows = await this.db
      .select({ id: follow.streamerId })
      .from(follow)
      .where(and(eq(follow.followerId, userId), inArray(follow.streamerId, streamerIds)));
    return new Set(rows.map((row) => row.id));
  }

  async follow(followerId: string, streamerId: string): Promise<void> {
    await this.db.insert(follow).values({ followerId, streamerId }).onConflictDoNothing();
  }

  async unfollow(followerId: string, streamerId: string): Promise<void> {
    await this.db
      .delete(follow)
      .where(and(eq(follow.followerId, followerId), eq(follow.streamerId, streamerId)));
  }

  async followerCount(streamerId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(follow).where(eq(follow.streamerId, streamerId));
    return row?.n ?? 0;
  }

  async publishedGoods(streamerId: string, limit: number) {
    return this.db
      .select()
      .from(digitalGoods)
      .where(
        and(
          eq(digitalGoods.streamerId, streamerId),
          eq(digitalGoods.status, 'published'),
          eq(digitalGoods.hidden, false),
        ),
      )
      .orderBy(desc(digitalGoods.publishedAt), desc(digitalGoods.id))
      .limit(limit);
  }

  /** By name (contains) or a platform id (exactly; the TwitCasting screen id in any case). */
  async searchUsers(
    text: string,
    type: 'streamer' | 'audience' | undefined,
    limit: number,
  ): Promise<UserRow[]> {
    const conditions: SQL[] = [
      isNull(appUser.suspendedAt),
      or(ilike(appUser.name, likePattern(text)), identityIs(appUser.id, text))!,
    ];
    if (type) conditions.push(eq(appUser.type, type));
    return this.db
      .select(personColumns(appUser))
      .from(appUser)
      .where(and(...conditions))
      .orderBy(asc(appUser.name), asc(appUser.id))
      .limit(limit);
  }
}

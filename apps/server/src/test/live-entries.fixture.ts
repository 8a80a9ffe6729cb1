import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  appUser,
  authUser,
  campaign,
  digitalGoods,
  liveComment,
  liveStream,
  type CampaignEntryRule,
} from '../db/schema.ts';
import type { LivePlatform } from '@hanabi/api';
import { linkAccount } from './platform-identity.fixture.ts';

/**
 * Rows for entry and draw tests, written straight into the tables (draws do not need the ingestion running):
 * a streamer, a prize, a campaign, its streams and their comments.
 */

export const DEFAULT_RULE: CampaignEntryRule = {
  keyword: '',
  onePerPerson: true,
  membersOnly: false,
  excludeModerators: false,
  windowStart: null,
  windowEnd: null,
  cooldownDays: 0,
};

const id = () => crypto.randomUUID();

export async function insertUser(
  db: Db,
  values: Partial<typeof appUser.$inferInsert> & {
    type?: 'streamer' | 'audience';
    /** Platform accounts the user has linked, by platform: their stable ids. */
    links?: Partial<Record<LivePlatform, string>>;
  } = {},
): Promise<string> {
  const { links = {}, ...row } = values;
  const authId = id();
  await db.insert(authUser).values({ id: authId, name: 'x', email: `${authId}@example.com` });
  const userId = row.id ?? id();
  await db.insert(appUser).values({
    name: 'User',
    type: 'audience',
    ...row,
    id: userId,
    authUserId: authId,
  });
  for (const [platform, platformUserId] of Object.entries(links)) {
    await linkAccount(db, userId, platform as LivePlatform, platformUserId);
  }
  return userId;
}

export async function insertGoods(
  db: Db,
  streamerId: string,
  values: Partial<typeof digitalGoods.$inferInsert> = {},
): Promise<string> {
  const goodsId = id();
  await db.insert(digitalGoods).values({ id: goodsId, streamerId, name: 'Prize', supply: 1000, ...values });
  return goodsId;
}

export async function insertCampaign(
  db: Db,
  values: {
    streamerId: string;
    goodsId: string;
    rule?: Partial<CampaignEntryRule>;
    startsAt?: Date;
    endsAt?: Date;
    winnerCount?: number;
    status?: 'draft' | 'scheduled' | 'live' | 'ended';
    drawMode?: 'manual' | 'everyNMinutes' | 'atEnd';
    drawIntervalMinutes?: number | null;
  },
): Promise<string> {
  const campaignId = id();
  await db.insert(campaign).values({
    id: campaignId,
    streamerId: values.streamerId,
    title: 'Campaign',
    status: values.status ?? 'live',
    startsAt: values.startsAt ?? new Date(Date.now() - 3_600_000),
    endsAt: values.endsAt ?? new Date(Date.now() + 3_600_000),
    platforms: ['youtube', 'twitcasting'],
    prizeDigitalGoodsId: values.goodsId,
    copiesPerWinner: 1,
    winnerCount: values.winnerCount ?? 3,
    entryRule: { ...DEFAULT_RULE, ...values.rule },
    drawMode: values.drawMode ?? 'manual',
    drawIntervalMinutes: values.drawIntervalMinutes ?? null,
  });
  return campaignId;
}

export async function insertStream(
  db: Db,
  values: {
    campaignId: string;
    platform: LivePlatform;
    channelId?: string;
    broadcastId?: string;
  },
): Promise<{ id: string; channelId: string; broadcastId: string }> {
  const streamId = id();
  const channelId = values.channelId ?? `ch${streamId.slice(0, 8)}`;
  const broadcastId = values.broadcastId ?? `b${streamId.slice(0, 8)}`;
  await db.insert(liveStream).values({
    id: streamId,
    campaignId: values.campaignId,
    platform: values.platform,
    channelId,
    broadcastId,
    status: 'live',
  });
  return { id: streamId, channelId, broadcastId };
}

export interface CommentValues {
  author: string;
  name?: string;
  text?: string;
  kind?: 'text' | 'superChat' | 'membership' | 'other';
  isMember?: boolean;
  isModerator?: boolean;
  isOwner?: boolean;
  publishedAt?: Date;
  deletedAt?: Date | null;
}

/** The chat a stream reads (comments are stored once per chat, decision 0173). */
export async function chatOf(
  db: Db,
  streamId: string,
): Promise<{ platform: LivePlatform; broadcastId: string }> {
  const [row] = await db
    .select({ platform: liveStream.platform, broadcastId: liveStream.broadcastId })
    .from(liveStream)
    .where(eq(liveStream.id, streamId));
  return row!;
}

/** Comments in the chat of the stream `streamId` (every campaign's stream on that chat sees them). */
export async function insertComments(db: Db, streamId: string, comments: CommentValues[]): Promise<string[]> {
  if (comments.length === 0) return [];
  const chat = await chatOf(db, streamId);
  const rows = comments.map((comment) => ({
    id: id(),
    ...chat,
    platformMessageId: id(),
    authorPlatformId: comment.author,
    authorName: comment.name ?? comment.author,
    text: comment.text ?? 'hello',
    kind: comment.kind ?? 'text',
    isMember: comment.isMember ?? false,
    isModerator: comment.isModerator ?? false,
    isOwner: comment.isOwner ?? false,
    publishedAt: comment.publishedAt ?? new Date(),
    deletedAt: comment.deletedAt ?? null,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await db.insert(liveComment).values(rows.slice(start, start + 1000));
  }
  return rows.map((row) => row.id);
}

/**
 * A live campaign around the close time `closedAt` (an hour either side) with one YouTube stream and `entrants`
 * people who commented a minute before it: what a draw at `closedAt` freezes. Returns the campaign and the stream.
 */
export async function insertCampaignWithEntrants(
  db: Db,
  values: {
    streamerId: string;
    goodsId: string;
    closedAt: Date;
    entrants: number;
    prefix: string;
    winnerCount?: number;
  },
): Promise<{ campaignId: string; stream: Awaited<ReturnType<typeof insertStream>> }> {
  const campaignId = await insertCampaign(db, {
    streamerId: values.streamerId,
    goodsId: values.goodsId,
    winnerCount: values.winnerCount ?? 2,
    startsAt: new Date(values.closedAt.getTime() - 3_600_000),
    endsAt: new Date(values.closedAt.getTime() + 3_600_000),
  });
  const stream = await insertStream(db, { campaignId, platform: 'youtube' });
  await insertComments(
    db,
    stream.id,
    Array.from({ length: values.entrants }, (_, i) => ({
      author: `${values.prefix}${i}`,
      publishedAt: new Date(values.closedAt.getTime() - 60_000),
    })),
  );
  return { campaignId, stream };
}

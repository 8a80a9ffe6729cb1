import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import type { BeaconAdapter } from '../adapters/beacon/index.ts';
import type { CampaignEntryRule } from '../db/schema.ts';
import {
  asUser,
  createTestContext,
  headerSessions,
  openTestDatabase,
  type TestBackend,
  type TestContext,
} from './test-context.ts';
import { insertCampaign, insertGoods, insertStream, insertUser } from './live-entries.fixture.ts';

/** A beacon whose every round has the same known value (tests fix the randomness with it). */
export function fixedBeacon(value = 'ab'.repeat(32)): BeaconAdapter & { asked: number } {
  const beacon = {
    asked: 0,
    async roundAfter() {
      // The embedded chain's label (the engine refuses labels a proof reader could not parse): a practice beacon.
      return { source: 'chain:31337', round: '1' };
    },
    async value(round: { source: string; round: string }) {
      beacon.asked += 1;
      return { ...round, value };
    },
  };
  return beacon;
}

export interface DrawWorld {
  ctx: TestContext;
  streamerId: string;
  goodsId: string;
  /** Another streamer and a viewer, for the refusals. */
  otherStreamerId: string;
  viewerId: string;
  campaign(options?: {
    rule?: Partial<CampaignEntryRule>;
    winnerCount?: number;
    status?: 'draft' | 'scheduled' | 'live' | 'ended';
    drawMode?: 'manual' | 'everyNMinutes' | 'atEnd';
    drawIntervalMinutes?: number | null;
    endsAt?: Date;
  }): Promise<{
    id: string;
    youtube: { id: string; channelId: string; broadcastId: string };
    twitcasting: { id: string; channelId: string; broadcastId: string };
  }>;
  as(
    userId: string | null,
    type?: 'streamer' | 'audience',
  ): {
    call(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers?: Record<string, string>,
    ): Promise<LightMyRequestResponse>;
  };
  close(): Promise<void>;
}

/**
 * An app whose callers are named by header (no sign-in flow needed), a streamer with published goods, and
 * campaigns with a YouTube and a TwitCasting stream. Comments are written straight into the tables.
 */
export async function openDrawWorld(
  backend: TestBackend,
  env: Record<string, string> = {},
  /** Run the jobs too (the draw freeze's rechecks, decision 0204). */
  options: { workers?: boolean } = {},
): Promise<DrawWorld> {
  const ctx = await createTestContext(backend, { sessions: headerSessions, env, workers: options.workers });
  const db = ctx.container.database.db;
  const streamerId = await insertUser(db, { type: 'streamer', name: 'Streamer' });
  const otherStreamerId = await insertUser(db, { type: 'streamer', name: 'Other' });
  const viewerId = await insertUser(db, { type: 'audience', name: 'Viewer' });
  const goodsId = await insertGoods(db, streamerId, {
    status: 'published',
    tokenId: String(Math.floor(Math.random() * 1e9) + 1000),
    publishedAt: new Date(),
  });
  return {
    ctx,
    streamerId,
    goodsId,
    otherStreamerId,
    viewerId,
    async campaign(options = {}) {
      const id = await insertCampaign(db, { streamerId, goodsId, ...options });
      const youtube = await insertStream(db, { campaignId: id, platform: 'youtube' });
      const twitcasting = await insertStream(db, { campaignId: id, platform: 'twitcasting' });
      return { id, youtube, twitcasting };
    },
    as(userId, type = 'streamer') {
      return {
        call(method, url, payload, headers = {}) {
          return ctx.app.inject({
            method,
            url,
            headers: {
              ...headers,
              ...(userId ? asUser({ userId, authUserId: `auth-${userId}`, type }) : {}),
            },
            ...(payload ? { payload: payload as Record<string, unknown> } : {}),
          });
        },
      };
    },
    close: () => ctx.close(),
  };
}

/**
 * A migrated database of its own with a streamer and their published goods (token `tokenId`), for one draw test
 * file: registers its set-up and clean-up; read the fields inside tests (they are filled before the first).
 */
export function drawTestWorld(backend: TestBackend, tokenId: string) {
  const world = {} as { database: Database; streamerId: string; goodsId: string };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openTestDatabase(backend);
    ({ database: world.database, drop } = opened);
    await runMigrations(world.database);
    world.streamerId = await insertUser(world.database.db, { type: 'streamer' });
    world.goodsId = await insertGoods(world.database.db, world.streamerId, { status: 'published', tokenId });
  });
  afterAll(async () => {
    await world.database?.close();
    await drop?.();
  });
  return world;
}

export { insertCampaignWithEntrants } from './live-entries.fixture.ts';

import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf } from '@hanabi/draw';
import type { Database } from '../../db/client.ts';
import { appUser, draw, drawEntrant, winner } from '../../db/schema.ts';
import { createLogger } from '../../logger.ts';
import { drawTestWorld } from '../../test/draws.fixture.ts';
import { serverPaths } from '../../paths.ts';
import { testBackends, testConfig } from '../../test/test-context.ts';
import { insertCampaign, insertComments, insertStream, insertUser } from '../../test/live-entries.fixture.ts';
import { unlinkAccount } from '../../test/platform-identity.fixture.ts';
import { AdapterError } from '../../adapters/adapter-error.ts';
import { DrawEngine } from './draw.engine.ts';

const BEACON = 'cd'.repeat(32);

// The entrant's identity is stored at the freeze (decision 0182): the reveal never parses a key back, and a person
// who unlinks between the freeze and the reveal keeps the identity they entered with.
describe.each(testBackends())('entrant identity on %s', (backend) => {
  let database: Database;
  let streamerId: string;
  let goodsId: string;
  const log = createLogger(testConfig());
  const world = drawTestWorld(backend, '7');
  beforeAll(() => void ({ database, streamerId, goodsId } = world));

  /** A beacon that is down until `up()`: the draw stops closed, with its entrants frozen. */
  function pausedEngine() {
    let down = true;
    const engine = new DrawEngine(
      database.db,
      {
        beacon: {
          roundAfter: async () => ({ source: 'chain:31337', round: '3' }),
          value: async (round) => {
            if (down) throw new AdapterError('retryable', 'beacon', 'not yet');
            return { ...round, value: BEACON };
          },
        },
        secret: async () => ({ secret: '22'.repeat(32), commitment: await commitmentOf('22'.repeat(32)) }),
      },
      log,
    );
    return { engine, up: () => (down = false) };
  }

  /**
   * Two entrants: a person linked on both platforms who spoke first on TwitCasting, and a YouTube viewer
   * nobody linked. The draw is left closed.
   */
  async function closedDraw() {
    const links = { youtube: `UC-${crypto.randomUUID()}`, twitcasting: `tc-${crypto.randomUUID()}` };
    const personId = await insertUser(database.db, { links });
    const [row] = await database.db.select().from(appUser).where(eq(appUser.id, personId));
    const person = { ...row!, youtubeChannelId: links.youtube, twitcastingUserId: links.twitcasting };
    const campaignId = await insertCampaign(database.db, { streamerId, goodsId, winnerCount: 2 });
    const youtube = await insertStream(database.db, { campaignId, platform: 'youtube' });
    const twitcasting = await insertStream(database.db, { campaignId, platform: 'twitcasting' });
    const early = new Date(Date.now() - 60_000);
    await insertComments(database.db, twitcasting.id, [
      { author: person.twitcastingUserId, publishedAt: early },
    ]);
    await insertComments(database.db, youtube.id, [
      { author: person.youtubeChannelId },
      { author: 'UC-stranger' },
    ]);
    const { engine, up } = pausedEngine();
    const request = { campaignId, count: 2, trigger: 'manual' as const, requestedBy: null, platform: null };
    await expect(engine.run(request)).rejects.toMatchObject({ statusCode: 503 });
    const [closed] = await database.db.select().from(draw).where(eq(draw.campaignId, campaignId));
    expect(closed).toMatchObject({ status: 'closed' });
    return { drawId: closed!.id, person, engine, up };
  }

  const entrantsOf = (drawId: string) =>
    database.db
      .select({
        entrantKey: drawEntrant.entrantKey,
        platform: drawEntrant.platform,
        platformUserId: drawEntrant.platformUserId,
        userId: drawEntrant.userId,
      })
      .from(drawEntrant)
      .where(eq(drawEntrant.drawId, drawId))
      .orderBy(asc(drawEntrant.position));

  it('stores who each key stood for at the freeze', async () => {
    const { drawId, person } = await closedDraw();
    // Canonical ("C") order: `user:` before `youtube:`.
    expect(await entrantsOf(drawId)).toEqual([
      {
        entrantKey: `user:${person.id}`,
        platform: 'twitcasting',
        platformUserId: person.twitcastingUserId,
        userId: person.id,
      },
      { entrantKey: 'youtube:UC-stranger', platform: 'youtube', platformUserId: 'UC-stranger', userId: null },
    ]);
  });

  it('a person who unlinks between the freeze and the reveal wins with the identity they entered with', async () => {
    const { drawId, person, engine, up } = await closedDraw();
    await unlinkAccount(database.db, person.id, 'youtube');
    await unlinkAccount(database.db, person.id, 'twitcasting');
    up();
    expect(await engine.resume(drawId)).toMatchObject({ status: 'revealed' });
    const winners = await database.db
      .select({
        entrantKey: winner.entrantKey,
        platform: winner.platform,
        platformUserId: winner.platformUserId,
        userId: winner.userId,
      })
      .from(winner)
      .where(eq(winner.drawId, drawId));
    expect(winners).toHaveLength(2);
    expect(winners).toContainEqual({
      entrantKey: `user:${person.id}`,
      platform: 'twitcasting',
      platformUserId: person.twitcastingUserId,
      userId: person.id,
    });
    expect(winners).toContainEqual({
      entrantKey: 'youtube:UC-stranger',
      platform: 'youtube',
      platformUserId: 'UC-stranger',
      userId: null,
    });
  });

  it('a draw frozen before the identity was stored gets it from migration 0017, as the reveal used to find it', async () => {
    const { drawId } = await closedDraw();
    const stored = await entrantsOf(drawId);
    await database.db
      .update(drawEntrant)
      .set({ platform: null, platformUserId: null, userId: null })
      .where(eq(drawEntrant.drawId, drawId));
    // The migration's back-fill statements, run again on the emptied rows. Since 0018 a comment belongs to its
    // chat, not to a stream, and since 0025 a linked account is a `platform_identity` row, not a column of
    // app_user: those joins are rewritten to today's tables, the rest runs as written.
    const migration = readFileSync(`${serverPaths.migrations}/0017_entrant_identity.sql`, 'utf8');
    const streamJoin = 'c."live_stream_id" = s."id"';
    const userJoin = `JOIN "app_user" u ON (s."platform" = 'youtube' AND c."author_platform_id" = u."youtube_channel_id")
    OR (s."platform" = 'twitcasting' AND c."author_platform_id" = u."twitcasting_user_id")`;
    expect(migration).toContain(streamJoin);
    expect(migration).toContain(userJoin);
    for (const statement of migration
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*(--.*\n)*\s*UPDATE/.test(s))) {
      const chatJoin = 'c."platform" = s."platform" AND c."broadcast_id" = s."broadcast_id"';
      const identityJoin = `JOIN (SELECT "user_id" AS "id", "platform", "platform_user_id" FROM "platform_identity") u
        ON u."platform" = s."platform" AND u."platform_user_id" = c."author_platform_id"`;
      await database.db.execute(
        sql.raw(statement.replace(streamJoin, chatJoin).replace(userJoin, identityJoin)),
      );
    }
    expect(await entrantsOf(drawId)).toEqual(stored);
  });

  it('a legacy row whose identity is unknown fails the draw with why; no winner gets a made-up identity', async () => {
    const { drawId, person, engine, up } = await closedDraw();
    await database.db
      .update(drawEntrant)
      .set({ platform: null, platformUserId: null, userId: null })
      .where(eq(drawEntrant.entrantKey, `user:${person.id}`));
    up();
    const done = await engine.resume(drawId);
    expect(done).toMatchObject({ status: 'failed', failure: `entrant identity unknown: user:${person.id}` });
    expect(await database.db.select().from(winner).where(eq(winner.drawId, drawId))).toEqual([]);
  });
});

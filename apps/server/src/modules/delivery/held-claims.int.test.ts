import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@hanabi/api';
import { appUser, heldClaim, platformConnection } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments, insertUser } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

const MIGRATION = new URL('../../db/migrations/0010_twitcasting_claims_stable_ids.sql', import.meta.url);

describe.each(testBackends({ embedded: true }))('held claims (%s)', (backend) => {
  let world: DrawWorld;
  const db = () => world.ctx.container.database.db;

  beforeAll(async () => {
    world = await openDrawWorld(backend);
  });
  afterAll(() => world?.close());

  it('announces `winners` to the campaign’s live room when a held winner’s prize is released', async () => {
    const c = await world.campaign({ winnerCount: 1 });
    await insertComments(db(), c.youtube.id, [{ author: 'UCheldwinner' }]);
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    expect(
      (await world.as(world.streamerId).call('POST', `${path}/winner`, { campaignId: c.id })).statusCode,
    ).toBe(201);
    const handed = await world
      .as(world.streamerId)
      .call('POST', `/api/liveStreaming/${c.id}/distribution/youtube`);
    expect(handed.json()).toMatchObject({ held: 1 });

    const events: LiveEvent[] = [];
    const stop = await world.ctx.container.services.liveEventHub.subscribe(c.id, (event) =>
      events.push(event),
    );
    try {
      const winnerId = await insertUser(db(), {
        youtubeChannelId: 'UCheldwinner',
        walletAddress: '0x2222222222222222222222222222222222222222',
      });
      const outcome = await world.ctx.container.services.delivery.releaseHeldClaims(winnerId);
      expect(outcome).toMatchObject({ delivered: 1 });
      await expect.poll(() => events.some((event) => event.type === 'winners'), { timeout: 5000 }).toBe(true);
      // The streamer's winners list shows the delivery now (what the room refetches on the event).
      const winners = await world.as(world.streamerId).call('GET', `/api/liveStreaming/${c.id}/result`);
      expect(winners.statusCode, winners.body).toBe(200);
      expect(JSON.stringify(winners.json())).toContain('queued');
    } finally {
      stop();
    }
  });

  it('migration 0010 moves TwitCasting claims held under a screen id to the numeric id, or marks them', async () => {
    const claim = async (platformUserId: string, status: 'held' | 'released' = 'held') => {
      const id = crypto.randomUUID();
      await db()
        .insert(heldClaim)
        .values({
          id,
          source: 'manual',
          digitalGoodsId: world.goodsId,
          tokenId: '1',
          amount: '1',
          platform: 'twitcasting',
          platformUserId,
          sourceRef: `m:${id}`,
          status,
        });
      return id;
    };
    // Known from a profile, known from a connection, ambiguous (two users show the handle), unknown, numeric.
    await insertUser(db(), { twitcastingUserId: '1001', twitcastingScreenId: 'from_profile' });
    const linked = await insertUser(db(), {});
    await db().insert(platformConnection).values({
      id: crypto.randomUUID(),
      userId: linked,
      platform: 'twitcasting',
      platformUserId: '1002',
      screenId: 'from_connection',
      accessTokenEncrypted: 'v1.x',
    });
    await insertUser(db(), { twitcastingUserId: '1003', twitcastingScreenId: 'two_owners' });
    await insertUser(db(), { twitcastingUserId: '1004', twitcastingScreenId: 'two_owners' });
    const ids = {
      profile: await claim('from_profile'),
      connection: await claim('from_connection'),
      ambiguous: await claim('two_owners'),
      unknown: await claim('gone_handle'),
      numeric: await claim('5555'),
      released: await claim('from_profile', 'released'),
    };
    const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
    for (const statement of statements) await db().execute(statement);
    const after = async (id: string) =>
      (await db().select().from(heldClaim).where(eq(heldClaim.id, id)))[0]!.platformUserId;
    expect(await after(ids.profile)).toBe('1001');
    expect(await after(ids.connection)).toBe('1002');
    expect(await after(ids.ambiguous)).toBe('screen:two_owners');
    expect(await after(ids.unknown)).toBe('screen:gone_handle');
    expect(await after(ids.numeric)).toBe('5555');
    expect(await after(ids.released)).toBe('from_profile');
    // Running it again changes nothing (a marked row is not marked twice).
    for (const statement of statements) await db().execute(statement);
    expect(await after(ids.unknown)).toBe('screen:gone_handle');
    // A user who later shows the handle `gone_handle` does not receive the marked claim.
    const taker = await insertUser(db(), {
      twitcastingUserId: '2001',
      twitcastingScreenId: 'gone_handle',
      walletAddress: '0x3333333333333333333333333333333333333333',
    });
    await world.ctx.container.services.delivery.releaseHeldClaims(taker);
    expect((await db().select().from(heldClaim).where(eq(heldClaim.id, ids.unknown)))[0]!.status).toBe(
      'held',
    );
    const [user] = await db().select().from(appUser).where(eq(appUser.id, taker));
    expect(user!.twitcastingScreenId).toBe('gone_handle');
  });
});

import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '@hanabi/api';
import { heldClaim } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { databaseMigratedUntil } from '../../test/migrated-until.ts';
import { linkAccount, linkedAccounts } from '../../test/platform-identity.fixture.ts';
import { releaseHeldClaims } from './held-claims.ts';
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
        links: { youtube: 'UCheldwinner' },
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
    // On a database as 0009 left it: the identities were still columns of app_user then.
    const old = await databaseMigratedUntil(backend, '0009_live_quota_days');
    try {
      const user = async (id: string, twitcasting: { userId: string; screenId: string } | null = null) => {
        await old.sql(`insert into auth_user (id, name, email) values ($1, $1, $1 || '@example.com')`, [id]);
        await old.sql(
          `insert into app_user (id, auth_user_id, type, name, twitcasting_user_id, twitcasting_screen_id)
           values ($1, $1, 'audience', $1, $2, $3)`,
          [id, twitcasting?.userId ?? null, twitcasting?.screenId ?? null],
        );
      };
      await user('streamer');
      await old.sql(
        `insert into digital_goods (id, streamer_id, name, supply) values ('goods', 'streamer', 'g', 10)`,
      );
      const claim = async (platformUserId: string, status: 'held' | 'released' = 'held') => {
        const id = crypto.randomUUID();
        await old.sql(
          `insert into held_claim (id, source, digital_goods_id, token_id, amount, platform, platform_user_id,
             source_ref, status)
           values ($1, 'manual', 'goods', 1, 1, 'twitcasting', $2, $1, $3)`,
          [id, platformUserId, status],
        );
        return id;
      };
      // Known from a profile, known from a connection, ambiguous (two users show the handle), unknown, numeric.
      await user('profile', { userId: '1001', screenId: 'from_profile' });
      await user('linked');
      await old.sql(
        `insert into platform_connection (id, user_id, platform, platform_user_id, screen_id, access_token_encrypted)
         values ('c', 'linked', 'twitcasting', '1002', 'from_connection', 'v1.x')`,
      );
      await user('owner-a', { userId: '1003', screenId: 'two_owners' });
      await user('owner-b', { userId: '1004', screenId: 'two_owners' });
      const ids = {
        profile: await claim('from_profile'),
        connection: await claim('from_connection'),
        ambiguous: await claim('two_owners'),
        unknown: await claim('gone_handle'),
        numeric: await claim('5555'),
        released: await claim('from_profile', 'released'),
      };
      const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint');
      for (const statement of statements) await old.sql(statement);
      const after = async (id: string) =>
        (
          (await old.sql(`select platform_user_id from held_claim where id = $1`, [id]))[0] as {
            platform_user_id: string;
          }
        ).platform_user_id;
      expect(await after(ids.profile)).toBe('1001');
      expect(await after(ids.connection)).toBe('1002');
      expect(await after(ids.ambiguous)).toBe('screen:two_owners');
      expect(await after(ids.unknown)).toBe('screen:gone_handle');
      expect(await after(ids.numeric)).toBe('5555');
      expect(await after(ids.released)).toBe('from_profile');
      // Running it again changes nothing (a marked row is not marked twice).
      for (const statement of statements) await old.sql(statement);
      expect(await after(ids.unknown)).toBe('screen:gone_handle');
      // A user who later shows the handle `gone_handle` does not receive the marked claim.
      await user('taker');
      await old.finish();
      await old.sql(
        `update app_user set wallet_address = '0x3333333333333333333333333333333333333333' where id = 'taker'`,
      );
      await linkAccount(old.database.db, 'taker', 'twitcasting', '2001', { screenId: 'gone_handle' });
      await releaseHeldClaims(old.database.db, 'taker', []);
      const [held] = await old.database.db.select().from(heldClaim).where(eq(heldClaim.id, ids.unknown));
      expect(held!.status).toBe('held');
      expect((await linkedAccounts(old.database.db, 'taker')).twitcasting?.screenId).toBe('gone_handle');
    } finally {
      await old.close();
    }
  });
});

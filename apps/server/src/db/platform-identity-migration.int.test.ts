import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseHeldClaims } from '../modules/delivery/held-claims.ts';
import { databaseMigratedUntil } from '../test/migrated-until.ts';
import { testBackends } from '../test/test-context.ts';

/**
 * Migration 0025 (decision 0228): the linked accounts on `app_user`'s seven columns become `platform_identity`
 * rows, on a database holding every kind of link and held prize as 0024 left them.
 */
describe.each(testBackends({ embedded: true }))(
  'migration 0025: platform identities as rows (%s)',
  (backend) => {
    let db: Awaited<ReturnType<typeof databaseMigratedUntil>>;
    const connectedAt = new Date('2026-01-02T03:04:05.678Z');
    const profileChangedAt = new Date('2026-02-03T04:05:06.789Z');
    const wallet = '0x2222222222222222222222222222222222222222';

    const user = async (
      id: string,
      links: Partial<Record<string, string | null>> = {},
      walletAddress: string | null = null,
    ) => {
      await db.sql(`insert into auth_user (id, name, email) values ($1, $1, $1 || '@example.com')`, [id]);
      const columns = Object.keys(links);
      await db.sql(
        `insert into app_user (id, auth_user_id, type, name, wallet_address, updated_at${columns.map((c) => `, ${c}`).join('')})
       values ($1, $1, 'audience', $1, $2, $3${columns.map((_, i) => `, $${i + 4}`).join('')})`,
        [id, walletAddress, profileChangedAt, ...Object.values(links)],
      );
    };
    const claim = async (
      id: string,
      platform: string,
      platformUserId: string,
      userId: string | null = null,
    ) =>
      db.sql(
        `insert into held_claim (id, source, digital_goods_id, token_id, amount, platform, platform_user_id, user_id,
         source_ref, status)
       values ($1, 'manual', 'goods', 1, 1, $2, $3, $4, $1, 'held')`,
        [id, platform, platformUserId, userId],
      );
    const identities = () =>
      db.sql(
        `select platform, platform_user_id, user_id, screen_id, display_name, image_url, linked_at, updated_at
       from platform_identity order by user_id, platform`,
      );
    const claims = () =>
      db.sql(`select id, platform, platform_user_id, user_id, status from held_claim order by id`);

    beforeAll(async () => {
      db = await databaseMigratedUntil(backend, '0024_dev_mail_headers');
      await user('u-youtube', {
        youtube_channel_id: 'UCyoutube',
        youtube_title: 'YouTube only',
        youtube_thumbnail_url: 'https://yt3.example/a.jpg',
      });
      await db.sql(
        `insert into platform_connection (id, user_id, platform, platform_user_id, access_token_encrypted, created_at)
       values ('c-youtube', 'u-youtube', 'youtube', 'UCyoutube', 'v1.x', $1)`,
        [connectedAt],
      );
      await user(
        'u-twitcasting',
        {
          twitcasting_user_id: '1001',
          twitcasting_screen_id: 'tc_only',
          twitcasting_name: 'TwitCasting only',
          twitcasting_image_url: 'https://tc.example/b.png',
        },
        wallet,
      );
      await user('u-both', {
        youtube_channel_id: 'UCboth',
        youtube_title: 'Both',
        youtube_thumbnail_url: null,
        twitcasting_user_id: '1002',
        twitcasting_screen_id: 'both_handle',
        twitcasting_name: 'Both on TwitCasting',
        twitcasting_image_url: null,
      });
      await user('u-none');
      await user('u-no-screen', { twitcasting_user_id: '1003' });
      await user('u-streamer');
      await db.sql(`update app_user set type = 'streamer' where id = 'u-streamer'`);
      await db.sql(
        `insert into digital_goods (id, streamer_id, name, supply) values ('goods', 'u-streamer', 'g', 10)`,
      );
      // A prize for each kind of identity: won by a linked account, by an account nobody linked, by a Hanabi user,
      // and one already attached to another user than the account's holder.
      await claim('h1-youtube', 'youtube', 'UCyoutube');
      await claim('h2-twitcasting', 'twitcasting', '1001');
      await claim('h3-no-screen', 'twitcasting', '1003');
      await claim('h4-nobody', 'twitcasting', '9999');
      await claim('h5-hanabi', 'hanabi', 'u-none');
      await claim('h6-attached', 'youtube', 'UCboth', 'u-none');
      await db.finish();
    });
    afterAll(() => db?.close());

    it('turns every linked account into a row with the same values, and nothing else', async () => {
      const at = (date: Date) =>
        expect.toSatisfy((value: unknown) => new Date(value as string).getTime() === date.getTime());
      expect(await identities()).toEqual([
        {
          platform: 'twitcasting',
          platform_user_id: '1002',
          user_id: 'u-both',
          screen_id: 'both_handle',
          display_name: 'Both on TwitCasting',
          image_url: null,
          linked_at: at(profileChangedAt),
          updated_at: at(profileChangedAt),
        },
        {
          platform: 'youtube',
          platform_user_id: 'UCboth',
          user_id: 'u-both',
          screen_id: null,
          display_name: 'Both',
          image_url: null,
          linked_at: at(profileChangedAt),
          updated_at: at(profileChangedAt),
        },
        {
          platform: 'twitcasting',
          platform_user_id: '1003',
          user_id: 'u-no-screen',
          screen_id: null,
          display_name: null,
          image_url: null,
          linked_at: at(profileChangedAt),
          updated_at: at(profileChangedAt),
        },
        {
          platform: 'twitcasting',
          platform_user_id: '1001',
          user_id: 'u-twitcasting',
          screen_id: 'tc_only',
          display_name: 'TwitCasting only',
          image_url: 'https://tc.example/b.png',
          linked_at: at(profileChangedAt),
          updated_at: at(profileChangedAt),
        },
        {
          platform: 'youtube',
          platform_user_id: 'UCyoutube',
          user_id: 'u-youtube',
          screen_id: null,
          display_name: 'YouTube only',
          image_url: 'https://yt3.example/a.jpg',
          // Linked since the connection was made, where there is one.
          linked_at: at(connectedAt),
          updated_at: at(profileChangedAt),
        },
      ]);
    });

    it('drops the seven columns and their two indexes', async () => {
      const columns = await db.sql(
        `select column_name from information_schema.columns
       where table_name = 'app_user' and (column_name like 'youtube%' or column_name like 'twitcasting%')`,
      );
      expect(columns).toEqual([]);
      const indexes = await db.sql(
        `select indexname from pg_indexes where indexname in ('app_user_youtube_channel_id_uidx', 'app_user_twitcasting_user_id_uidx')`,
      );
      expect(indexes).toEqual([]);
    });

    it('keeps the held prizes as they were, and they reach the right person through the identity', async () => {
      expect(await claims()).toEqual([
        {
          id: 'h1-youtube',
          platform: 'youtube',
          platform_user_id: 'UCyoutube',
          user_id: null,
          status: 'held',
        },
        {
          id: 'h2-twitcasting',
          platform: 'twitcasting',
          platform_user_id: '1001',
          user_id: null,
          status: 'held',
        },
        {
          id: 'h3-no-screen',
          platform: 'twitcasting',
          platform_user_id: '1003',
          user_id: null,
          status: 'held',
        },
        { id: 'h4-nobody', platform: 'twitcasting', platform_user_id: '9999', user_id: null, status: 'held' },
        { id: 'h5-hanabi', platform: 'hanabi', platform_user_id: 'u-none', user_id: null, status: 'held' },
        {
          id: 'h6-attached',
          platform: 'youtube',
          platform_user_id: 'UCboth',
          user_id: 'u-none',
          status: 'held',
        },
      ]);
      const release = (userId: string) => releaseHeldClaims(db.database.db, userId, []);
      expect(await release('u-youtube')).toEqual({ delivered: 0, attached: 1 });
      expect(await release('u-twitcasting')).toEqual({ delivered: 1, attached: 0 });
      expect(await release('u-no-screen')).toEqual({ delivered: 0, attached: 1 });
      // The prize attached to someone else stays theirs, though u-both holds the account it was won with.
      expect(await release('u-both')).toEqual({ delivered: 0, attached: 0 });
      expect(await claims()).toEqual([
        {
          id: 'h1-youtube',
          platform: 'youtube',
          platform_user_id: 'UCyoutube',
          user_id: 'u-youtube',
          status: 'held',
        },
        {
          id: 'h2-twitcasting',
          platform: 'twitcasting',
          platform_user_id: '1001',
          user_id: 'u-twitcasting',
          status: 'released',
        },
        {
          id: 'h3-no-screen',
          platform: 'twitcasting',
          platform_user_id: '1003',
          user_id: 'u-no-screen',
          status: 'held',
        },
        { id: 'h4-nobody', platform: 'twitcasting', platform_user_id: '9999', user_id: null, status: 'held' },
        { id: 'h5-hanabi', platform: 'hanabi', platform_user_id: 'u-none', user_id: null, status: 'held' },
        {
          id: 'h6-attached',
          platform: 'youtube',
          platform_user_id: 'UCboth',
          user_id: 'u-none',
          status: 'held',
        },
      ]);
      const [delivery] = await db.sql(
        `select recipient_user_id, recipient_address, held_claim_id from delivery`,
      );
      expect(delivery).toEqual({
        recipient_user_id: 'u-twitcasting',
        recipient_address: wallet,
        held_claim_id: 'h2-twitcasting',
      });
    });

    it('keeps today’s uniqueness: an account on one user, one account per platform per user', async () => {
      const insert = (userId: string, platform: string, platformUserId: string) =>
        db.sql(
          `insert into platform_identity (platform, platform_user_id, user_id, display_name) values ($1, $2, $3, 'x')`,
          [platform, platformUserId, userId],
        );
      const code = (promise: Promise<unknown>) =>
        promise.then(
          () => 'accepted',
          (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
        );
      // Another user taking a linked account.
      expect(await code(insert('u-none', 'youtube', 'UCyoutube'))).toBe('23505');
      // A second YouTube account for a user who has one.
      expect(await code(insert('u-youtube', 'youtube', 'UCsecond'))).toBe('23505');
      // A platform Hanabi has no driver for.
      expect(await code(insert('u-none', 'niconico', 'nico1'))).toBe('23514');
      // The same account id on another platform is another account.
      expect(await code(insert('u-none', 'twitcasting', 'UCyoutube'))).toBe('accepted');
      // A user's accounts go with them.
      await db.sql(`delete from held_claim`);
      await db.sql(`delete from delivery`);
      await db.sql(`delete from platform_connection where user_id = 'u-youtube'`);
      await db.sql(`delete from app_user where id = 'u-youtube'`);
      expect((await identities()).some((row) => (row as { user_id: string }).user_id === 'u-youtube')).toBe(
        false,
      );
    });
  },
);

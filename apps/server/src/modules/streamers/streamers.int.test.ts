import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignList, StreamerList, StreamerProfile, UserSearchResult } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { linkAccount } from '../../test/platform-identity.fixture.ts';

type Person = SignedIn & { userId: string };
const fields = (body: { error: { details?: { field: string }[] } }) =>
  [...new Set((body.error.details ?? []).map((detail) => detail.field))].sort();

describe.each(testBackends({ embedded: true }))(
  'streamers, follows and the people search on %s',
  (backend) => {
    let ctx: TestContext;
    const streamers: Person[] = [];
    let fan: Person;
    let fan2: Person;
    let operator: Person;

    beforeAll(async () => {
      ctx = await createTestContext(backend, {
        env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', HANABI_OPERATOR_EMAILS: 'op@example.com' },
      });
      for (let index = 0; index < 7; index += 1) {
        streamers.push(await signUpByEmail(ctx, `s${index}@example.com`, 'streamer', `配信者${index}`));
      }
      fan = await signUpByEmail(ctx, 'fan@example.com', 'audience', 'ファン');
      fan2 = await signUpByEmail(ctx, 'fan2@example.com', 'audience', 'ファン2');
      operator = await signUpByEmail(ctx, 'op@example.com', 'audience', '運営');
      await linkAccount(ctx.container.database.db, streamers[0]!.userId, 'youtube', 'UC_hanabi_0');
      await linkAccount(ctx.container.database.db, streamers[0]!.userId, 'twitcasting', '182224938', {
        screenId: 'Hanabi_Tc',
      });
      // Streamer 1 has two active campaigns, streamer 2 one.
      for (const [owner, count] of [
        [streamers[1]!, 2],
        [streamers[2]!, 1],
      ] as const) {
        const prize = (await createGoods(ctx, owner, { name: `グッズ${owner.userId.slice(0, 4)}` })).id;
        for (let index = 0; index < count; index += 1) {
          const res = await callAs(
            ctx.app,
            owner,
            'POST',
            '/api/campaign',
            campaignBody(prize, { title: `c${index}` }),
          );
          if (res.statusCode !== 201) throw new Error(res.body);
        }
      }
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it('follows and unfollows (idempotently), with counts and isFollowing', async () => {
      const target = streamers[3]!;
      const followed = await callAs(ctx.app, fan, 'POST', `/api/streamer/${target.userId}/follow`);
      expect(followed.statusCode, followed.body).toBe(200);
      expect(followed.json()).toEqual({ streamerId: target.userId, isFollowing: true, followerCount: 1 });
      expect(
        (await callAs(ctx.app, fan, 'POST', `/api/streamer/${target.userId}/follow`)).json().followerCount,
      ).toBe(1);
      expect(
        (await callAs(ctx.app, fan2, 'POST', `/api/streamer/${target.userId}/follow`)).json().followerCount,
      ).toBe(2);
      await callAs(ctx.app, fan, 'POST', `/api/streamer/${streamers[1]!.userId}/follow`);
      const unfollowed = await callAs(ctx.app, fan2, 'DELETE', `/api/streamer/${target.userId}/follow`);
      expect(unfollowed.json()).toEqual({ streamerId: target.userId, isFollowing: false, followerCount: 1 });

      expect((await callAs(ctx.app, null, 'POST', `/api/streamer/${target.userId}/follow`)).statusCode).toBe(
        401,
      );
      expect(
        (await callAs(ctx.app, streamers[0]!, 'POST', `/api/streamer/${target.userId}/follow`)).statusCode,
      ).toBe(403);
      expect((await callAs(ctx.app, fan, 'POST', `/api/streamer/${fan2.userId}/follow`)).statusCode).toBe(
        404,
      );
    });

    it('lists streamers by followers and by active campaigns, and only the followed ones', async () => {
      const byFollowers = StreamerList.parse(
        (await callAs(ctx.app, fan, 'GET', '/api/streamer?limit=100')).json(),
      );
      expect(byFollowers.list).toHaveLength(7);
      expect(byFollowers.list.slice(0, 2).map((s) => [s.id, s.followerCount, s.isFollowing])).toEqual(
        [
          [streamers[3]!.userId, 1, true],
          [streamers[1]!.userId, 1, true],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      const byActive = StreamerList.parse(
        (await callAs(ctx.app, null, 'GET', '/api/streamer?sort=activeCampaigns&limit=2')).json(),
      );
      expect(byActive.list.map((s) => [s.id, s.activeCampaignCount, s.isFollowing])).toEqual([
        [streamers[1]!.userId, 2, false],
        [streamers[2]!.userId, 1, false],
      ]);
      const following = StreamerList.parse(
        (await callAs(ctx.app, fan, 'GET', '/api/streamer?following=true')).json(),
      );
      expect(following.list.map((s) => s.id).sort()).toEqual(
        [streamers[1]!.userId, streamers[3]!.userId].sort(),
      );
      expect((await callAs(ctx.app, null, 'GET', '/api/streamer?following=true')).statusCode).toBe(401);
      const searched = StreamerList.parse(
        (await callAs(ctx.app, null, 'GET', '/api/streamer?q=hanabi_tc')).json(),
      );
      expect(searched.list.map((s) => s.id)).toEqual([streamers[0]!.userId]);
      const bad = await callAs(ctx.app, null, 'GET', '/api/streamer?sort=random&limit=0');
      expect(bad.statusCode).toBe(400);
      expect(fields(bad.json())).toEqual(['query.limit', 'query.sort']);
    });

    it('pages every sort without duplicates or gaps', async () => {
      for (const sort of ['followers', 'activeCampaigns', 'newest']) {
        const all = StreamerList.parse(
          (await callAs(ctx.app, null, 'GET', `/api/streamer?sort=${sort}&limit=100`)).json(),
        );
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await callAs(
            ctx.app,
            null,
            'GET',
            `/api/streamer?sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
          );
          expect(res.statusCode, res.body).toBe(200);
          const page = StreamerList.parse(res.json());
          seen.push(...page.list.map((s) => s.id));
          cursor = page.nextCursor;
        } while (cursor);
        expect(seen, sort).toEqual(all.list.map((s) => s.id));
        expect(new Set(seen).size).toBe(7);
      }
    });

    it('shows a profile with links, public campaigns and published goods', async () => {
      const profile = await callAs(ctx.app, fan, 'GET', `/api/streamer/${streamers[1]!.userId}`);
      expect(profile.statusCode, profile.body).toBe(200);
      const body = StreamerProfile.parse(profile.json());
      expect(body.streamer).toMatchObject({
        name: '配信者1',
        followerCount: 1,
        activeCampaignCount: 2,
        isFollowing: true,
      });
      expect(body.campaigns).toHaveLength(2);
      expect(body.goods).toHaveLength(1);
      const withLinks = StreamerProfile.parse(
        (await callAs(ctx.app, null, 'GET', `/api/streamer/${streamers[0]!.userId}`)).json(),
      );
      expect(withLinks.links.map((link) => link.url)).toEqual([
        'https://www.youtube.com/channel/UC_hanabi_0',
        'https://twitcasting.tv/Hanabi_Tc',
      ]);
      expect((await callAs(ctx.app, null, 'GET', `/api/streamer/${fan.userId}`)).statusCode).toBe(404);
    });

    it('lists campaigns of followed streamers only when asked', async () => {
      const followed = CampaignList.parse(
        (await callAs(ctx.app, fan, 'GET', '/api/campaign?followed=true')).json(),
      );
      expect(followed.list.map((c) => c.userId)).toEqual([streamers[1]!.userId, streamers[1]!.userId]);
      expect((await callAs(ctx.app, null, 'GET', '/api/campaign?followed=true')).statusCode).toBe(401);
    });

    it('lists only the campaigns on your own watchlist when asked (watched=true)', async () => {
      const open = CampaignList.parse((await callAs(ctx.app, fan, 'GET', '/api/campaign?limit=50')).json());
      const chosen = open.list[0]!;
      const add = await callAs(ctx.app, fan, 'POST', `/api/watchlist/${fan.userId}`, {
        campaignId: chosen.id,
      });
      expect(add.statusCode, add.body).toBeLessThan(300);
      const watched = CampaignList.parse(
        (await callAs(ctx.app, fan, 'GET', '/api/campaign?watched=true')).json(),
      );
      expect(watched.list.map((c) => [c.id, c.isWatch])).toEqual([[chosen.id, true]]);
      const others = CampaignList.parse(
        (await callAs(ctx.app, streamers[5]!, 'GET', '/api/campaign?watched=true')).json(),
      );
      expect(others.list).toEqual([]);
      expect((await callAs(ctx.app, null, 'GET', '/api/campaign?watched=true')).statusCode).toBe(401);
    });

    it('finds people by name or platform id for streamers and operators only, with public fields', async () => {
      for (const q of ['UC_hanabi_0', '182224938', 'hanabi_tc', '配信者0']) {
        const res = await callAs(ctx.app, streamers[5]!, 'GET', `/api/user?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = UserSearchResult.parse(res.json());
        expect(
          body.list.map((user) => user.id),
          q,
        ).toEqual([streamers[0]!.userId]);
        expect(Object.keys(res.json().list[0]).sort()).not.toContain('walletAddress');
        expect(Object.keys(res.json().list[0])).not.toContain('email');
      }
      const audienceOnly = UserSearchResult.parse(
        (
          await callAs(ctx.app, operator, 'GET', '/api/user?q=%E3%83%95%E3%82%A1%E3%83%B3&type=audience')
        ).json(),
      );
      expect(audienceOnly.list.map((user) => user.name)).toEqual(['ファン', 'ファン2']);
      expect((await callAs(ctx.app, fan, 'GET', '/api/user?q=x')).statusCode).toBe(403);
      expect((await callAs(ctx.app, null, 'GET', '/api/user?q=x')).statusCode).toBe(401);
      const bad = await callAs(ctx.app, streamers[5]!, 'GET', '/api/user');
      expect(bad.statusCode).toBe(400);
      expect(fields(bad.json())).toEqual(['query.q']);
    });
  },
);

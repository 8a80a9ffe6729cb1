import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { LiveStream, PlatformConnections } from '@hanabi/api';
import { campaign, liveComment, liveQuotaUsage, liveStream, platformConnection } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { testBackends } from '../../test/test-context.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { resolveAuthSecret } from '../identity/auth-secret.ts';
import { liveStreamer, pollNow, startLiveWorld, type LiveWorld } from './live-test-support.ts';

describe.each(testBackends({ embedded: true }))(
  'live streams and chat ingestion against the sandbox (%s)',
  (backend) => {
    let world: LiveWorld;
    let yt: Awaited<ReturnType<typeof liveStreamer>>;
    const db = () => world.ctx.container.database.db;
    const inject = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      headers: Record<string, string> = {},
      payload?: unknown,
    ) => world.ctx.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });
    const start = (campaignId: string, platform: string, headers = yt.headers) =>
      inject('POST', `/api/liveStreaming/${campaignId}/stream`, headers, { platform });
    const post = (sandboxStreamId: string, body: Record<string, unknown>) =>
      world.console<{ id: string }>('POST', `/streams/${sandboxStreamId}/messages`, body);
    const comments = (streamId: string) =>
      db().select().from(liveComment).where(commentOfStream(streamId)).orderBy(asc(liveComment.publishedAt));
    const streamRow = async (id: string) =>
      (await db().select().from(liveStream).where(eq(liveStream.id, id)))[0]!;

    /** The box the server seals tokens with (same auth secret), to plant or read tokens. */
    const serverBox = async () => new SecretBox(await resolveAuthSecret(world.ctx.config, db()));

    beforeAll(async () => {
      world = await startLiveWorld(backend);
      // Tests poll back to back; the pacing rules are covered by the adapters' and sandbox's own tests.
      await world.console('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
      yt = await liveStreamer(world, 'youtube', 'Hanabi Streamer');
    });
    afterAll(() => world?.close());

    it('refuses to start reading: signed out, viewers, other streamers, bad body, and each business rule', async () => {
      const campaignId = await world.campaign(yt.userId);
      const viewer = await world.user('audience');
      const other = await world.user('streamer');
      expect((await start(campaignId, 'youtube', {})).statusCode).toBe(401);
      expect((await start(campaignId, 'youtube', viewer.headers)).statusCode).toBe(403);
      expect((await start(campaignId, 'youtube', other.headers)).statusCode).toBe(404);
      expect((await start('00000000-0000-4000-8000-000000000000', 'youtube')).statusCode).toBe(404);
      expect((await start(campaignId, 'niconico')).statusCode).toBe(400);
      expect(
        (await inject('POST', `/api/liveStreaming/${campaignId}/stream`, yt.headers, {})).statusCode,
      ).toBe(400);

      const draft = await world.campaign(yt.userId, { status: 'draft' });
      const ended = await world.campaign(yt.userId, { status: 'ended' });
      const twitcastingOnly = await world.campaign(yt.userId);
      await db()
        .update(campaign)
        .set({ platforms: ['twitcasting'] })
        .where(eq(campaign.id, twitcastingOnly));
      for (const [id, platform, words] of [
        [draft, 'youtube', 'Publish'],
        [ended, 'youtube', 'ended'],
        [twitcastingOnly, 'youtube', 'does not run on YouTube'],
        // Connected on YouTube only.
        [campaignId, 'twitcasting', 'Connect your TwitCasting account'],
      ] as const) {
        const answer = await start(id, platform);
        expect(answer.statusCode, words).toBe(422);
        expect(answer.json().error.message).toContain(words);
      }
      // Connected but not live.
      const quiet = await liveStreamer(world, 'twitcasting', 'Viewer Ren');
      await world.console('POST', `/streams/${quiet.sandboxStreamId}/end`);
      const quietCampaign = await world.campaign(quiet.userId);
      const notLive = await start(quietCampaign, 'twitcasting', quiet.headers);
      expect(notLive.statusCode).toBe(422);
      expect(notLive.json().error.message).toContain('not live on TwitCasting');
      // Stop: the same owner rule; nothing read yet is a 404.
      expect(
        (await inject('DELETE', `/api/liveStreaming/${campaignId}/stream?platform=youtube`, other.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (await inject('DELETE', `/api/liveStreaming/${campaignId}/stream?platform=youtube`, yt.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (await inject('DELETE', `/api/liveStreaming/${campaignId}/stream?platform=x`, yt.headers)).statusCode,
      ).toBe(400);
    });

    it('reads YouTube chat: chained pages, flags, deletions, no duplicates on a re-read, quota, chat end', async () => {
      const campaignId = await world.campaign(yt.userId, { rule: { keyword: 'win' } });
      const first = await post(yt.sandboxStreamId, { authorName: 'Viewer Aoi', text: 'I want to WIN' });
      await post(yt.sandboxStreamId, { authorName: 'Member Mei', text: 'win please', member: true });
      await post(yt.sandboxStreamId, {
        authorName: 'Rich Riku',
        text: 'win!',
        superChat: { amountMicros: '5000000', currency: 'JPY' },
      });
      await post(yt.sandboxStreamId, { owner: true, text: 'welcome' });

      const started = await start(campaignId, 'youtube');
      expect(started.statusCode).toBe(201);
      const stream = started.json<LiveStream>();
      expect(stream).toMatchObject({
        platform: 'youtube',
        channelId: yt.channelId,
        broadcastId: yt.sandboxStreamId,
        status: 'live',
        quotaBudget: 10_000,
        quotaUsed: 5,
        commentCount: 0,
      });

      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 4, status: 'live' });
      let rows = await comments(stream.id);
      expect(rows.map((r) => r.text)).toEqual(['I want to WIN', 'win please', 'win!', 'welcome']);
      expect(rows.find((r) => r.text === 'win please')!.isMember).toBe(true);
      expect(rows.find((r) => r.text === 'win!')!.kind).toBe('superChat');
      expect(rows.find((r) => r.text === 'welcome')!.isOwner).toBe(true);

      // The next page: two new messages and a deletion of the first.
      await post(yt.sandboxStreamId, { authorName: 'Viewer Ren', text: 'win' });
      await post(yt.sandboxStreamId, { authorName: 'Viewer Ren', text: 'again' });
      expect(
        (await world.console('DELETE', `/streams/${yt.sandboxStreamId}/messages/${first.body.id}`)).status,
      ).toBe(204);
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 2 });
      rows = await comments(stream.id);
      expect(rows).toHaveLength(6);
      expect(rows.find((r) => r.platformMessageId === first.body.id)!.deletedAt).not.toBeNull();

      // A worker that died after reading but before storing its cursor reads the page again: nothing doubles.
      await db().update(liveStream).set({ cursor: null }).where(eq(liveStream.id, stream.id));
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 0 });
      expect(await comments(stream.id)).toHaveLength(6);

      const afterPolls = await streamRow(stream.id);
      expect(afterPolls.quotaUsed).toBe(5 + 3 * 5);
      // The per-day ledger (for the dashboard) follows the stream's day; a new Pacific day starts a new row.
      const ledger = () =>
        db()
          .select({ day: liveQuotaUsage.quotaDay, units: liveQuotaUsage.units })
          .from(liveQuotaUsage)
          .where(eq(liveQuotaUsage.liveStreamId, stream.id))
          .orderBy(liveQuotaUsage.quotaDay);
      expect(await ledger()).toEqual([{ day: afterPolls.quotaDay, units: 20 }]);
      await db().update(liveStream).set({ quotaDay: '2000-01-01' }).where(eq(liveStream.id, stream.id));
      await db()
        .update(liveQuotaUsage)
        .set({ quotaDay: '2000-01-01' })
        .where(eq(liveQuotaUsage.liveStreamId, stream.id));
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 0 });
      expect(await ledger()).toEqual([
        { day: '2000-01-01', units: 20 },
        { day: afterPolls.quotaDay, units: 5 },
      ]);
      expect((await streamRow(stream.id)).quotaUsed).toBe(5);
      // Read streamed (the default): Google pushes, so no polling interval is kept. List polling's interval
      // (never faster than once a second) is covered by the fallback test and live-poll-pacing.
      expect(afterPolls.ingestState).toMatchObject({ transport: 'stream' });
      expect(afterPolls.pollingIntervalMs).toBeNull();
      expect(afterPolls.cursor).toBeTruthy();

      // The overview counts: 3 distinct eligible authors (Aoi's comment was deleted; the owner said no keyword).
      const stopped = await inject(
        'GET',
        `/api/liveStreaming/youtube/${yt.channelId}/${yt.sandboxStreamId}/comment?campaignId=${campaignId}`,
        yt.headers,
      );
      expect(stopped.json().total).toBe(6);

      await world.console('POST', `/streams/${yt.sandboxStreamId}/end`);
      expect(await pollNow(world, stream.id)).toMatchObject({
        polled: true,
        status: 'ended',
        nextPollAt: null,
      });
      const ended = await streamRow(stream.id);
      expect(ended.status).toBe('ended');
      expect(ended.endedAt).not.toBeNull();
      expect(ended.lastError).toBeNull();
      // Ended streams are not polled again.
      expect((await pollNow(world, stream.id)).polled).toBe(false);
      // A fresh broadcast for the next tests.
      yt.sandboxStreamId = (
        await world.console<{ id: string }>('POST', '/streams', {
          platform: 'youtube',
          ownerId: yt.channelId,
        })
      ).body.id;
    });

    it('stops politely at the stream budget, and waits for the reset when Google says quotaExceeded', async () => {
      const campaignId = await world.campaign(yt.userId);
      const stream = (await start(campaignId, 'youtube')).json<LiveStream>();
      await db().update(liveStream).set({ quotaBudget: 10 }).where(eq(liveStream.id, stream.id));
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, status: 'live' });
      const spent = await streamRow(stream.id);
      expect(spent.quotaUsed).toBe(10);
      const outcome = await pollNow(world, stream.id);
      expect(outcome).toMatchObject({ polled: true, status: 'live' });
      const waiting = await streamRow(stream.id);
      expect(waiting.quotaUsed).toBe(10);
      expect(waiting.lastError).toContain('quota budget for this stream is used up');
      expect(outcome.nextPollAt!.getTime()).toBeGreaterThan(Date.now() + 1000);

      await db().update(liveStream).set({ quotaBudget: 10_000 }).where(eq(liveStream.id, stream.id));
      const { body: state } = await world.console<{ settings: { youtubeQuotaLimit: number } }>(
        'GET',
        '/state',
      );
      await world.console('PUT', '/settings', { youtubeQuotaUsed: state.settings.youtubeQuotaLimit });
      try {
        const refused = await pollNow(world, stream.id);
        expect(refused).toMatchObject({ polled: true, status: 'live' });
        expect(refused.nextPollAt!.getTime()).toBeGreaterThan(Date.now() + 1000);
        const row = await streamRow(stream.id);
        expect(row.lastError).toContain('daily API quota');
        // Google charges refused calls too.
        expect(row.quotaUsed).toBe(15);
      } finally {
        await world.console('PUT', '/settings', { youtubeQuotaUsed: 0 });
      }
      const resumed = await pollNow(world, stream.id);
      expect(resumed.polled).toBe(true);
      expect((await streamRow(stream.id)).lastError).toBeNull();
    });

    it('refreshes an expired YouTube token once; a dead grant marks the connection and the stream', async () => {
      const second = await liveStreamer(world, 'youtube', 'Second Streamer');
      const campaignId = await world.campaign(second.userId);
      const stream = (await start(campaignId, 'youtube', second.headers)).json<LiveStream>();
      const box = await serverBox();
      const sealed = (value: string) => box.seal(value);
      const where = eq(platformConnection.userId, second.userId);
      const [before] = await db().select().from(platformConnection).where(where);
      await db()
        .update(platformConnection)
        .set({ accessTokenEncrypted: sealed('ya29.expired') })
        .where(where);
      await post(second.sandboxStreamId, { authorName: 'Viewer Aoi', text: 'hi' });
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 1, status: 'live' });
      const [after] = await db().select().from(platformConnection).where(where);
      expect(after!.accessTokenEncrypted).not.toBe(before!.accessTokenEncrypted);
      expect(after!.revokedAt).toBeNull();

      await db()
        .update(platformConnection)
        .set({ accessTokenEncrypted: sealed('ya29.dead'), refreshTokenEncrypted: sealed('1//dead') })
        .where(where);
      expect(await pollNow(world, stream.id)).toMatchObject({
        polled: true,
        status: 'error',
        nextPollAt: null,
      });
      const row = await streamRow(stream.id);
      expect(row.lastError).toContain('Connect it again');
      const listed = (
        await inject('GET', '/api/oauth/connections', second.headers)
      ).json<PlatformConnections>();
      expect(listed.youtube).toMatchObject({ needsReconnect: true, canReadChat: false });
      const refused = await start(campaignId, 'youtube', second.headers);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.message).toContain('connect it again');
    });

    it('reads TwitCasting: history by offset, slices, a gap back-filled, the rate limit waited out, the end', async () => {
      const tc = await liveStreamer(world, 'twitcasting', 'Hanabi Streamer');
      const campaignId = await world.campaign(tc.userId);
      for (let i = 0; i < 120; i += 1)
        await post(tc.sandboxStreamId, { authorName: `Fan ${i % 7}`, text: `early ${i}` });
      const stream = (await start(campaignId, 'twitcasting', tc.headers)).json<LiveStream>();
      expect(stream).toMatchObject({
        channelId: tc.channelId,
        broadcastId: tc.sandboxStreamId,
        quotaBudget: null,
      });

      // First read: the newest 50, then the history before them by offset.
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, added: 120 });
      for (let i = 0; i < 60; i += 1)
        await post(tc.sandboxStreamId, { authorName: 'Fan 1', text: `burst ${i}` });
      // A full slice page is followed by the next slice in the same poll, until one comes back short (decision 0172).
      const full = await pollNow(world, stream.id);
      expect(full.added).toBe(60);
      expect((await pollNow(world, stream.id)).added).toBe(0);
      expect(await comments(stream.id)).toHaveLength(180);

      // A gap: the slice skips 20 comments (as a platform answering "newest N" would); all_count shows it.
      const posted: string[] = [];
      for (let i = 0; i < 30; i += 1)
        posted.push((await post(tc.sandboxStreamId, { authorName: 'Fan 2', text: `gap ${i}` })).body.id);
      await db().update(liveStream).set({ cursor: posted[19] }).where(eq(liveStream.id, stream.id));
      expect((await pollNow(world, stream.id)).added).toBe(30);
      const all = await comments(stream.id);
      expect(all).toHaveLength(210);
      expect(new Set(all.map((c) => c.platformMessageId)).size).toBe(210);

      // Rate limit: something else spends the token's window (another app on the same account, say); the next
      // poll is refused with 403 / 2000, then 429, and waits for X-RateLimit-Reset each time.
      const box = await serverBox();
      const [connection] = await db()
        .select()
        .from(platformConnection)
        .where(eq(platformConnection.userId, tc.userId));
      const token = box.open(connection!.accessTokenEncrypted);
      const spend = () =>
        fetch(`${world.origin}/sandbox/twitcasting/movies/${tc.sandboxStreamId}/comments?limit=1`, {
          headers: { authorization: `Bearer ${token}`, 'x-api-version': '2.0' },
        });
      await world.console('PUT', '/settings', { twitcastingRateLimit: 2, twitcastingWindowSeconds: 1 });
      try {
        for (const status of [403, 429] as const) {
          await world.console('PUT', '/settings', { twitcastingLimitStatus: status });
          await new Promise((resolve) => setTimeout(resolve, 2100));
          await spend();
          await spend();
          const limited = await pollNow(world, stream.id);
          expect(limited).toMatchObject({ polled: true, added: 0, status: 'live' });
          const row = await streamRow(stream.id);
          expect((row.ingestState as { rateLimit?: { remaining: number } }).rateLimit?.remaining).toBe(0);
          expect(row.lastError).toBeNull();
          expect(limited.nextPollAt!.getTime()).toBeGreaterThan(Date.now());
          expect((await spend()).status).toBe(status);
        }
        await new Promise((resolve) => setTimeout(resolve, 2100));
        await post(tc.sandboxStreamId, { authorName: 'Fan 3', text: 'after the window' });
        expect((await pollNow(world, stream.id)).added).toBe(1);
      } finally {
        await world.console('PUT', '/settings', {
          twitcastingRateLimit: 60,
          twitcastingWindowSeconds: 60,
          twitcastingLimitStatus: 403,
        });
      }

      // The end: comments do not say so; a quiet poll asks current_live.
      await world.console('POST', `/streams/${tc.sandboxStreamId}/end`);
      await db()
        .update(liveStream)
        .set({ ingestState: sql`${liveStream.ingestState} || '{"liveCheckedAt":0}'::jsonb` })
        .where(eq(liveStream.id, stream.id));
      expect(await pollNow(world, stream.id)).toMatchObject({ polled: true, status: 'ended' });
      expect(
        await db()
          .select()
          .from(liveComment)
          .where(and(commentOfStream(stream.id), isNotNull(liveComment.deletedAt))),
      ).toEqual([]);
    });

    it('stops reading a while after the campaign ends', async () => {
      const campaignId = await world.campaign(yt.userId);
      const stream = (await start(campaignId, 'youtube')).json<LiveStream>();
      await db()
        .update(campaign)
        .set({ startsAt: new Date(Date.now() - 7_200_000), endsAt: new Date(Date.now() - 180_000) })
        .where(eq(campaign.id, campaignId));
      expect(await pollNow(world, stream.id)).toMatchObject({
        polled: true,
        status: 'ended',
        nextPollAt: null,
      });
    });

    it('stops reading on request and keeps what was read', async () => {
      const campaignId = await world.campaign(yt.userId);
      const stream = (await start(campaignId, 'youtube')).json<LiveStream>();
      await post(yt.sandboxStreamId, { authorName: 'Viewer Aoi', text: 'hello' });
      await pollNow(world, stream.id);
      const answer = await inject(
        'DELETE',
        `/api/liveStreaming/${campaignId}/stream?platform=youtube`,
        yt.headers,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json<LiveStream>()).toMatchObject({ id: stream.id, status: 'ended' });
      expect(answer.json<LiveStream>().commentCount).toBeGreaterThan(0);
      expect((await pollNow(world, stream.id)).polled).toBe(false);
      // Starting again resumes the same broadcast from its stored cursor.
      const again = await start(campaignId, 'youtube');
      expect(again.json<LiveStream>()).toMatchObject({ id: stream.id, status: 'live' });
    });
  },
);

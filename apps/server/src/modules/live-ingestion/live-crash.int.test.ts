import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LiveStream } from '@hanabi/api';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createContainer, type Container } from '../../container.ts';
import { liveComment } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { createLogger } from '../../logger.ts';
import { startCrashStack, startWorker } from '../../test/worker-process.ts';
import { asUser, headerSessions } from '../../test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../../test/live-entries.fixture.ts';
import { bindingCookieOf, clickConsent, followCallback, freePort } from './live-test-support.ts';

// Slow: a real worker process is killed with SIGKILL twice while two chats post ~40 comments a second,
// then a fresh one catches up: ~60–70 s of real chat traffic, by design.

const KILLS = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The API (with the sandbox platforms) runs here; the ingestion worker is a child process on the same
 * PostgreSQL, killed with SIGKILL at random moments while viewers keep chatting on YouTube and TwitCasting,
 * then restarted. When the chat ends, every sandbox message is stored exactly once.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live ingestion worker killed with SIGKILL', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it('loses and duplicates no comment across kills and restarts', { timeout: 420_000 }, async () => {
    const stack = await startCrashStack('live_crash');
    cleanups.push(() => stack.close());
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      ...stack.env,
      // The platforms are the sandbox of the API process below; the worker reaches them over HTTP.
      LIVE_SANDBOX: '1',
      PUBLIC_ORIGIN: origin,
      PORT: String(port),
    };
    const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
    const container: Container = await createContainer(config, createLogger(config), {
      sessions: headerSessions,
    });
    cleanups.push(() => container.close());
    const app: FastifyInstance = await buildApp(container);
    await app.listen({ port, host: '127.0.0.1' });
    cleanups.push(() => app.close());
    const db = container.database.db;
    const consoleApi = async <T>(method: string, url: string, body?: unknown) => {
      const response = await fetch(`${origin}/sandbox/api${url}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return (text ? JSON.parse(text) : null) as T;
    };

    // A streamer connected on both platforms, live on both, one campaign reading both chats.
    const streamerId = await insertUser(db, { type: 'streamer', name: 'Crash Streamer' });
    const headers = asUser({ userId: streamerId, type: 'streamer', authUserId: `a-${streamerId}` });
    const campaignId = await insertCampaign(db, { streamerId, goodsId: await insertGoods(db, streamerId) });
    await consoleApi('PUT', '/settings', { youtubePollingIntervalMillis: 0 });
    const sandboxStreams: { platform: string; id: string }[] = [];
    const streams: LiveStream[] = [];
    for (const platform of ['youtube', 'twitcasting'] as const) {
      const urlPath =
        platform === 'youtube'
          ? '/api/oauth/youtube/liveStreaming/url'
          : '/api/oauth/twitcasting/liveStreaming/url';
      const consent = await app.inject({ method: 'GET', url: urlPath, headers });
      const back = await clickConsent(consent.json<{ url: string }>().url, 'Hanabi Streamer');
      expect(await followCallback(back, { ...headers, cookie: bindingCookieOf(consent) })).toContain(
        'connected=',
      );
      const connections = await app.inject({ method: 'GET', url: '/api/oauth/connections', headers });
      const ownerId = connections.json()[platform].platformUserId as string;
      const live = await consoleApi<{ id: string }>('POST', '/streams', { platform, ownerId });
      sandboxStreams.push({ platform, id: live.id });
      const started = await app.inject({
        method: 'POST',
        url: `/api/liveStreaming/${campaignId}/stream`,
        headers,
        payload: { platform },
      });
      expect(started.statusCode).toBe(201);
      streams.push(started.json<LiveStream>());
      await consoleApi('PUT', `/streams/${live.id}/auto-chatter`, {
        viewers: 40,
        perSecond: platform === 'youtube' ? 30 : 10,
      });
    }

    const stored = async () => {
      const [row] = await db.select({ n: count() }).from(liveComment);
      return row?.n ?? 0;
    };

    const atKill: number[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const worker = startWorker(env);
      await worker.ready();
      const mark = (await stored()) + 200 + Math.floor(Math.random() * 200);
      await whileProgressing(stored, mark, 20);
      // Somewhere inside a poll, a commit or a wait between polls.
      await sleep(Math.random() * 1500);
      worker.child.kill('SIGKILL');
      await worker.exited;
      atKill.push(await stored());
      expect(
        atKill.at(-1)!,
        `no progress before kill ${kill + 1}:\n${worker.output()}`,
      ).toBeGreaterThanOrEqual(mark);
    }

    // The chat goes on while no worker runs, then ends; a fresh worker catches up from the stored cursors.
    await sleep(1000);
    const last = startWorker(env);
    await last.ready();
    for (const live of sandboxStreams) {
      await consoleApi('DELETE', `/streams/${live.id}/auto-chatter`);
      await consoleApi('POST', `/streams/${live.id}/end`);
    }
    const expected = new Map<string, string[]>();
    for (const [i, live] of sandboxStreams.entries()) {
      const { messages } = await consoleApi<{ messages: { id: string; type: string; removed: boolean }[] }>(
        'GET',
        `/streams/${live.id}/messages`,
      );
      expected.set(
        streams[i]!.id,
        messages.filter((m) => m.type === 'text' && !m.removed).map((m) => m.id),
      );
    }
    const total = [...expected.values()].reduce((sum, ids) => sum + ids.length, 0);
    // It waits as long as the worker makes progress (a loaded machine catches up slowly), and gives up after 60 s
    // without a new comment stored.
    await whileProgressing(stored, total);
    last.child.kill('SIGTERM');
    await last.exited;

    for (const [streamId, ids] of expected) {
      const rows = await db
        .select({ id: liveComment.platformMessageId })
        .from(liveComment)
        .where(commentOfStream(streamId));
      const got = rows.map((row) => row.id);
      expect(new Set(got).size, 'no duplicates').toBe(got.length);
      expect([...got].sort(), `stream ${streamId}: kills at ${atKill.join(', ')}`).toEqual([...ids].sort());
    }
    expect(total).toBeGreaterThan(atKill.at(-1)!);
  });
});

/** Waits until `current()` reaches `target`, or until it has not grown for a minute. */
async function whileProgressing(
  current: () => Promise<number>,
  target: number,
  everyMs = 250,
): Promise<void> {
  let last = await current();
  let grewAt = Date.now();
  while (last < target && Date.now() - grewAt < 60_000) {
    await sleep(everyMs);
    const now = await current();
    if (now > last) grewAt = Date.now();
    last = now;
  }
}

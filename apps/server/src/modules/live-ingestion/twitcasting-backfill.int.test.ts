import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStream } from '@hanabi/api';
import { liveComment, liveStream } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { testBackends } from '../../test/test-context.ts';
import { liveStreamer, pollNow, readChat, startLiveWorld, type LiveWorld } from './live-test-support.ts';

// Slow: the TwitCasting rate window is honoured for real (the walk waits for each 10 s reset), ~60 s in all.

const PILED_UP = 5000;
const HISTORY = 1600;

/**
 * Issue 19 item 3: comments that pile up while ingestion is stopped are all read after it starts again — slice
 * after slice from the stored cursor, no page ceiling, the sandbox's `X-RateLimit-*` window honoured. The same
 * for the history a first read finds (by offset, over as many polls as the window needs).
 */
describe.each(testBackends())('TwitCasting back-fill after a pause (%s)', (backend) => {
  let world: LiveWorld;
  beforeAll(async () => {
    world = await startLiveWorld(backend);
  });
  afterAll(() => world?.close());

  const storedIds = async (streamId: string) =>
    (
      await world.ctx.container.database.db
        .select({ messageId: liveComment.platformMessageId })
        .from(liveComment)
        .where(commentOfStream(streamId))
        .orderBy(asc(liveComment.publishedAt))
    ).map((row) => row.messageId);

  /** Polls as the job queue would (waiting for the time each poll booked) until `count` comments are stored. */
  async function pollUntilStored(streamId: string, count: number, afterFirstPoll?: () => Promise<void>) {
    const db = world.ctx.container.database.db;
    let polls = 0;
    let waitedForReset = 0;
    const deadline = Date.now() + 120_000;
    while ((await storedIds(streamId)).length < count && Date.now() < deadline) {
      const outcome = await pollNow(world, streamId);
      polls += 1;
      if (polls === 1) await afterFirstPoll?.();
      const [row] = await db.select().from(liveStream).where(eq(liveStream.id, streamId));
      expect(row!.lastError).toBeNull();
      const wait = outcome.nextPollAt ? outcome.nextPollAt.getTime() - Date.now() : 0;
      if (wait > 0) {
        // The poller scheduled itself after the window's reset: honour it as the job queue would.
        waitedForReset += 1;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    return { polls, waitedForReset };
  }

  /** A rate window of `limit` requests per 10 s while `run` runs (the sandbox's default afterwards). */
  async function withWindow<T>(limit: number, run: () => Promise<T>): Promise<T> {
    await world.console('PUT', '/settings', { twitcastingRateLimit: limit, twitcastingWindowSeconds: 10 });
    try {
      return await run();
    } finally {
      await world.console('PUT', '/settings', { twitcastingRateLimit: 60, twitcastingWindowSeconds: 60 });
    }
  }

  it(
    `a first read walks all ${HISTORY} comments of the chat's history, past the old 20-page ceiling`,
    { timeout: 300_000 },
    async () => {
      const tc = await liveStreamer(world, 'twitcasting', 'Viewer Ren');
      const campaignId = await world.campaign(tc.userId);
      const posted: string[] = [];
      for (let i = 0; i < HISTORY; i += 1) {
        const answer = await world.console<{ id: string }>(
          'POST',
          `/streams/${tc.sandboxStreamId}/messages`,
          {
            authorName: `Fan ${i % 9}`,
            text: `history ${i}`,
          },
        );
        posted.push(answer.body.id);
      }
      const stream = (
        await readChat(world, 'POST', campaignId, 'twitcasting', tc.headers)
      ).json<LiveStream>();
      // 32 pages of 50: more than a window of 12 holds, so the walk stops at the reserve, waits for the reset
      // and goes on where it stopped — after 70 new comments moved its place further from the newest.
      const newer = async () => {
        for (let i = 0; i < 70; i += 1) {
          const answer = await world.console<{ id: string }>(
            'POST',
            `/streams/${tc.sandboxStreamId}/messages`,
            {
              authorName: 'Fan 1',
              text: `meanwhile ${i}`,
            },
          );
          posted.push(answer.body.id);
        }
      };
      const { polls, waitedForReset } = await withWindow(12, () =>
        pollUntilStored(stream.id, HISTORY + 70, newer),
      );
      const ids = await storedIds(stream.id);
      expect(ids).toHaveLength(HISTORY + 70);
      expect(new Set(ids).size).toBe(HISTORY + 70);
      expect(posted.filter((id) => !ids.includes(id))).toEqual([]);
      expect(waitedForReset).toBeGreaterThanOrEqual(2);
      // Finished: the walk's place is cleared, and a later comment arrives by slice as usual.
      const [row] = await world.ctx.container.database.db
        .select()
        .from(liveStream)
        .where(eq(liveStream.id, stream.id));
      expect(row!.ingestState).toMatchObject({ history: null });
      await world.console('POST', `/streams/${tc.sandboxStreamId}/messages`, {
        authorName: 'Fan',
        text: 'live',
      });
      expect(await pollNow(world, stream.id)).toMatchObject({ added: 1 });
      console.info(`first read: ${HISTORY} comments of history in ${polls} polls, ${waitedForReset} waits`);
    },
  );

  it(
    `stores all ${PILED_UP} comments posted while stopped, none lost, none twice`,
    { timeout: 300_000 },
    async () => {
      const tc = await liveStreamer(world, 'twitcasting', 'Hanabi Streamer');
      const campaignId = await world.campaign(tc.userId);
      const read = (method: 'POST' | 'DELETE') =>
        readChat(world, method, campaignId, 'twitcasting', tc.headers);
      const post = (text: string) =>
        world.console<{ id: string }>('POST', `/streams/${tc.sandboxStreamId}/messages`, {
          authorName: `Fan ${text.length % 9}`,
          text,
        });

      for (let i = 0; i < 10; i += 1) await post(`before ${i}`);
      const stream = (await read('POST')).json<LiveStream>();
      expect(await pollNow(world, stream.id)).toMatchObject({ added: 10 });

      // Ingestion stops; 5,000 comments arrive meanwhile.
      expect((await read('DELETE')).statusCode).toBe(200);
      const posted: string[] = [];
      for (let i = 0; i < PILED_UP; i += 1) posted.push((await post(`while stopped ${i}`)).body.id);

      // A window of 40 requests per 10 s: the walk must stop at the reserve and wait for the reset, not fail.
      const { polls, waitedForReset } = await withWindow(40, async () => {
        expect((await read('POST')).statusCode).toBe(201);
        return pollUntilStored(stream.id, PILED_UP + 10);
      });
      const stored = await storedIds(stream.id);
      expect(stored).toHaveLength(PILED_UP + 10);
      const ids = new Set(stored);
      expect(ids.size).toBe(PILED_UP + 10);
      expect(posted.filter((id) => !ids.has(id))).toEqual([]);
      // 5,000 comments are 100 slices: more than two windows of 40, so the reset was waited for — and each poll
      // walked as far as its window allowed (one slice per poll would take 100 polls).
      expect(waitedForReset).toBeGreaterThanOrEqual(2);
      expect(polls).toBeLessThanOrEqual(8);
      console.info(
        `back-fill: ${PILED_UP} comments in ${polls} polls, ${waitedForReset} waits for the rate-limit reset`,
      );
    },
  );
});

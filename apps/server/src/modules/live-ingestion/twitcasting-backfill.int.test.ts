import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveStream } from '@hanabi/api';
import { liveComment, liveStream } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { testBackends } from '../../test/test-context.ts';
import { liveStreamer, pollNow, startLiveWorld, type LiveWorld } from './live-test-support.ts';

const PILED_UP = 5000;

/**
 * Issue 19 item 3: comments that pile up while ingestion is stopped are all read after it starts again — slice
 * after slice from the stored cursor, no page ceiling, the sandbox's `X-RateLimit-*` window honoured.
 */
describe.each(testBackends())('TwitCasting back-fill after a pause (%s)', (backend) => {
  let world: LiveWorld;
  beforeAll(async () => {
    world = await startLiveWorld(backend);
  });
  afterAll(() => world?.close());

  it(
    `stores all ${PILED_UP} comments posted while stopped, none lost, none twice`,
    { timeout: 300_000 },
    async () => {
      const db = world.ctx.container.database.db;
      const tc = await liveStreamer(world, 'twitcasting', 'Hanabi Streamer');
      const campaignId = await world.campaign(tc.userId);
      const inject = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
        world.ctx.app.inject({ method, url, headers: tc.headers, ...(payload ? { payload } : {}) });
      const post = (text: string) =>
        world.console<{ id: string }>('POST', `/streams/${tc.sandboxStreamId}/messages`, {
          authorName: `Fan ${text.length % 9}`,
          text,
        });

      for (let i = 0; i < 10; i += 1) await post(`before ${i}`);
      const stream = (
        await inject('POST', `/api/liveStreaming/${campaignId}/stream`, { platform: 'twitcasting' })
      ).json<LiveStream>();
      expect(await pollNow(world, stream.id)).toMatchObject({ added: 10 });

      // Ingestion stops; 5,000 comments arrive meanwhile.
      expect(
        (await inject('DELETE', `/api/liveStreaming/${campaignId}/stream?platform=twitcasting`)).statusCode,
      ).toBe(200);
      const posted: string[] = [];
      for (let i = 0; i < PILED_UP; i += 1) posted.push((await post(`while stopped ${i}`)).body.id);

      // A window of 40 requests per 10 s: the walk must stop at the reserve and wait for the reset, not fail.
      await world.console('PUT', '/settings', { twitcastingRateLimit: 40, twitcastingWindowSeconds: 10 });
      try {
        expect(
          (await inject('POST', `/api/liveStreaming/${campaignId}/stream`, { platform: 'twitcasting' }))
            .statusCode,
        ).toBe(201);
        let polls = 0;
        let waitedForReset = 0;
        const stored = async () =>
          (await db.select({ id: liveComment.id }).from(liveComment).where(commentOfStream(stream.id)))
            .length;
        const deadline = Date.now() + 120_000;
        while ((await stored()) < PILED_UP + 10 && Date.now() < deadline) {
          const outcome = await pollNow(world, stream.id);
          polls += 1;
          const [row] = await db.select().from(liveStream).where(eq(liveStream.id, stream.id));
          expect(row!.lastError).toBeNull();
          const wait = outcome.nextPollAt ? outcome.nextPollAt.getTime() - Date.now() : 0;
          if (wait > 0) {
            // The poller scheduled itself after the window's reset: honour it as the job queue would.
            waitedForReset += 1;
            await new Promise((resolve) => setTimeout(resolve, wait));
          }
        }
        const rows = await db
          .select({ messageId: liveComment.platformMessageId, text: liveComment.text })
          .from(liveComment)
          .where(commentOfStream(stream.id))
          .orderBy(asc(liveComment.publishedAt));
        expect(rows).toHaveLength(PILED_UP + 10);
        const ids = new Set(rows.map((row) => row.messageId));
        expect(ids.size).toBe(PILED_UP + 10);
        expect(posted.filter((id) => !ids.has(id))).toEqual([]);
        // 5,000 comments are 100 slices: more than two windows of 40, so the reset was waited for — and each poll
        // walked as far as its window allowed (one slice per poll would take 100 polls).
        expect(waitedForReset).toBeGreaterThanOrEqual(2);
        expect(polls).toBeLessThanOrEqual(8);
        console.info(
          `back-fill: ${PILED_UP} comments in ${polls} polls, ${waitedForReset} waits for the rate-limit reset`,
        );
      } finally {
        await world.console('PUT', '/settings', { twitcastingRateLimit: 60, twitcastingWindowSeconds: 60 });
      }
    },
  );
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLivePlatforms } from '../../adapters/live-platforms/index.ts';
import { YouTubeHttpApi, type YouTubeApiOptions } from '../../adapters/youtube/index.ts';
import type { Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { liveComment, liveStream, platformConnection } from '../../db/schema.ts';
import { commentOfStream } from '../live-entries/index.ts';
import { createLogger } from '../../logger.ts';
import { openTestDatabase, testBackends, testConfig } from '../../test/test-context.ts';
import type { ConnectionTokens } from '../live-connections/connection-tokens.ts';
import { LiveConnectionsRepository } from '../live-connections/live-connections.repository.ts';
import { insertCampaign, insertGoods, insertStream, insertUser } from '../../test/live-entries.fixture.ts';
import { LivePoller } from './live-poller.ts';
import { LiveStreamRepository } from './live-stream.repository.ts';
import { YouTubeQuotaLedger } from './youtube-quota-ledger.ts';

/**
 * A strict fake of `liveChatMessages.list`: like Google, it counts `pollingIntervalMillis` from the moment it
 * answered, by its own clock (`performance.now()`, never the server's), and refuses any earlier call with
 * 403 `rateLimitExceeded` — with no slack at all. Pages alternate between full and empty.
 */
async function startStrictYouTube(intervalMs: number) {
  let answeredAt: number | null = null;
  let served = 0;
  const refusals: number[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const arrived = performance.now();
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (url.pathname !== '/liveChat/messages') {
      res.writeHead(404).end(JSON.stringify({ error: { code: 404, message: 'not here' } }));
      return;
    }
    if (answeredAt !== null && arrived - answeredAt < intervalMs) {
      refusals.push(arrived - answeredAt);
      res.writeHead(403).end(
        JSON.stringify({
          error: {
            code: 403,
            message: 'The request was sent too soon after the previous one.',
            errors: [{ reason: 'rateLimitExceeded', domain: 'youtube.liveChat' }],
          },
        }),
      );
      return;
    }
    const page = served;
    served += 1;
    const items =
      page % 2 === 0
        ? [0, 1, 2].map((n) => ({
            kind: 'youtube#liveChatMessage',
            id: `m${page}-${n}`,
            snippet: {
              type: 'textMessageEvent',
              authorChannelId: `UC${n}`,
              publishedAt: new Date().toISOString(),
              displayMessage: `hello ${page}-${n}`,
              textMessageDetails: { messageText: `hello ${page}-${n}` },
            },
            authorDetails: { channelId: `UC${n}`, displayName: `Viewer ${n}` },
          }))
        : [];
    res.writeHead(200).end(
      JSON.stringify({
        kind: 'youtube#liveChatMessageListResponse',
        nextPageToken: `p${page + 1}`,
        pollingIntervalMillis: intervalMs,
        items,
      }),
    );
    // The interval runs from the answer's departure, the latest moment Google could count it from.
    answeredAt = performance.now();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe.each(testBackends())('YouTube polls never go out early (%s)', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let fake: Awaited<ReturnType<typeof startStrictYouTube>>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    await runMigrations(database);
    fake = await startStrictYouTube(1000);
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
    await drop?.();
  });

  it('waits out pollingIntervalMillis by the platform clock even when woken early', async () => {
    const db = database.db;
    const streamer = await insertUser(db, { type: 'streamer' });
    const goods = await insertGoods(db, streamer);
    const campaignId = await insertCampaign(db, { streamerId: streamer, goodsId: goods });
    const stream = await insertStream(db, { campaignId, platform: 'youtube' });
    await db.insert(platformConnection).values({
      id: crypto.randomUUID(),
      userId: streamer,
      platform: 'youtube',
      platformUserId: stream.channelId,
      accessTokenEncrypted: 'sealed',
    });
    const [connection] = await db.select().from(platformConnection);
    await db
      .update(liveStream)
      .set({ liveChatId: 'chat-1', connectionId: connection!.id, nextPollAt: new Date() })
      .where(eq(liveStream.id, stream.id));

    // Tokens are not under test: the fake takes any bearer.
    const tokens = {
      withAccessToken: (_connection: unknown, call: (token: string) => Promise<unknown>) => call('token'),
    } as unknown as ConnectionTokens;
    const youtube = (onQuota?: YouTubeApiOptions['onQuota']) =>
      new YouTubeHttpApi({
        clientId: 'c',
        clientSecret: 's',
        apiUrl: fake.url,
        authorizationUrl: `${fake.url}/auth`,
        tokenUrl: `${fake.url}/token`,
        onQuota,
      });
    const poller = new LivePoller(
      new LiveStreamRepository(db),
      new LiveConnectionsRepository(db),
      tokens,
      createLivePlatforms({
        youtube: youtube(),
        youtubeFor: youtube,
        twitcasting: { youtube: () => null } as never,
        // This fake serves `list` only: the pacing under test is list polling's.
        youtubeTransport: 'list',
      }),
      createLogger(testConfig()),
      new YouTubeQuotaLedger(db, 'c', 10_000),
    );

    // A scheduler that wakes up to 400 ms before the booked time (timers, queue polling, clock skew), and
    // after a refused claim tries again 50 ms later — the request must still never go out early.
    const pages = 8;
    let early = 0;
    while (fake.served() < pages) {
      const outcome = await poller.poll(stream.id);
      if (!outcome.polled) {
        await sleep(50);
        continue;
      }
      expect(outcome.status).toBe('live');
      const wakeAt = outcome.nextPollAt!.getTime() - 400 * Math.random();
      if (wakeAt < outcome.nextPollAt!.getTime()) early += 1;
      await sleep(Math.max(0, wakeAt - Date.now()));
    }

    expect(early).toBeGreaterThan(0);
    expect(fake.refusals).toEqual([]);
    const stored = await db.select().from(liveComment).where(commentOfStream(stream.id));
    // Full pages are the even ones: 4 of 8 pages × 3 messages, each stored once.
    expect(stored).toHaveLength(12);
    const [row] = await db.select().from(liveStream).where(eq(liveStream.id, stream.id));
    expect(row!.lastError).toBeNull();
  }, 60_000);
});

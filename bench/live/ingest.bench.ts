/**
 * Chat ingestion benchmark (part of `npm run bench:live`): comments stored per second, from the sandbox
 * platforms over HTTP into the database, through the production adapters and the worker's poll code.
 *
 * Runs embedded (PGlite) — or on PostgreSQL when BENCH_DATABASE_URL is set. A streamer connects YouTube and
 * TwitCasting through the sandbox OAuth, starts reading, then BENCH_COMMENTS (default 20,000 YouTube, a quarter
 * of that on TwitCasting) arrive at once; polls run back to back as fast as each platform allows (YouTube: one
 * page of up to 2,000 every `pollingIntervalMillis`, floored at 1 s by the adapter, set to 0 in the sandbox;
 * TwitCasting: pages of 50 by slice_id, rate limit raised in the sandbox). Prints wall-clock and busy rates.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContainer } from '../../apps/server/src/container.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { asUser, headerSessions } from '../../apps/server/src/test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../../apps/server/src/test/live-entries.fixture.ts';
import {
  clickConsent,
  followCallback,
  freePort,
} from '../../apps/server/src/modules/live-ingestion/live-test-support.ts';

const comments = Number(process.env.BENCH_COMMENTS ?? '20000');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-ingest-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HANABI_DATA_DIR: dataDir,
  HANABI_DEMO: '0',
  LIVE_SANDBOX: '1',
  PUBLIC_ORIGIN: origin,
  PORT: String(port),
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const container = await createContainer(config, createLogger(config), { sessions: headerSessions });
const app = await buildApp(container);
await app.listen({ port, host: '127.0.0.1' });
const sandbox = container.sandbox!;
const poller = container.services.livePoller;
const { db } = container.database;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  const streamerId = await insertUser(db, { type: 'streamer', name: 'Bench Streamer' });
  const headers = asUser({ userId: streamerId, type: 'streamer', authUserId: `a-${streamerId}` });
  const campaignId = await insertCampaign(db, {
    streamerId,
    goodsId: await insertGoods(db, streamerId),
    rule: { keyword: 'win' },
  });
  sandbox.updateSettings({ youtubePollingIntervalMillis: 0, twitcastingRateLimit: 100_000 });
  // A crowd of viewers, so entrant counting has distinct authors to count.
  const viewers = Array.from({ length: 500 }, (_, i) => sandbox.addAccount('youtube', `Bench Viewer ${i}`));
  const tcViewers = Array.from({ length: 500 }, (_, i) =>
    sandbox.addAccount('twitcasting', `Bench Viewer ${i}`),
  );

  process.stdout.write(
    `\nHanabi chat ingestion (sandbox over HTTP → ${container.database.kind}), ${os.cpus().length} cores\n`,
  );
  for (const [platform, total, crowd] of [
    ['youtube', comments, viewers],
    ['twitcasting', Math.floor(comments / 4), tcViewers],
  ] as const) {
    const consentPath =
      platform === 'youtube'
        ? '/api/oauth/youtube/liveStreaming/url'
        : '/api/oauth/twitcasting/liveStreaming/url';
    const consent = await app.inject({ method: 'GET', url: consentPath, headers });
    const back = await clickConsent(consent.json<{ url: string }>().url, 'Hanabi Streamer');
    const location = await followCallback(back, headers);
    if (!location.includes('connected=')) throw new Error(`connect failed: ${location}`);
    const ownerId = (await app.inject({ method: 'GET', url: '/api/oauth/connections', headers })).json()[
      platform
    ].platformUserId as string;
    const live = sandbox.startStream(platform, ownerId, 'Bench live');
    const started = await app.inject({
      method: 'POST',
      url: `/api/liveStreaming/${campaignId}/stream`,
      headers,
      payload: { platform },
    });
    if (started.statusCode !== 201) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
    const streamId = started.json<{ id: string }>().id;
    // The first poll finds the chat empty and sets the cursor; then the burst arrives.
    const first = await poller.poll(streamId);
    const at = Date.now();
    for (let i = 0; i < total; i += 1) {
      sandbox.append({
        streamId: live.id,
        type: 'text',
        authorId: crowd[i % crowd.length]!.id,
        text: i % 2 === 0 ? `win ${i}` : `hello ${i}`,
        isMember: i % 10 === 0,
        isModerator: false,
        superChat: null,
        deletedMessageId: null,
        publishedAt: new Date(at + i),
      });
    }
    let polls = 0;
    let stored = 0;
    let busyMs = 0;
    const startedAt = performance.now();
    await sleep(Math.max(0, (first.nextPollAt?.getTime() ?? 0) - Date.now()));
    while (stored < total) {
      const t0 = performance.now();
      const outcome = await poller.poll(streamId);
      busyMs += performance.now() - t0;
      if (!outcome.polled || !outcome.nextPollAt)
        throw new Error(`polling stopped: ${JSON.stringify(outcome)}`);
      polls += 1;
      stored += outcome.added;
      // Honour the platform's pace, exactly as the live.poll job does.
      if (stored < total) await sleep(Math.max(0, outcome.nextPollAt.getTime() - Date.now()));
    }
    const wallMs = performance.now() - startedAt;
    process.stdout.write(
      `  ${platform.padEnd(11)} ${total.toLocaleString('en-US').padStart(7)} comments in ${polls} polls: ` +
        `${((total / wallMs) * 1000).toFixed(0).padStart(6)} /s wall clock (platform pace), ` +
        `${((total / busyMs) * 1000).toFixed(0).padStart(6)} /s while polling (${(busyMs / polls).toFixed(0)} ms a poll)\n`,
    );
  }
  process.stdout.write(`  (load average ${os.loadavg()[0]!.toFixed(1)}; BENCH_COMMENTS=${comments})\n`);
} finally {
  await app.close();
  await container.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

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
import os from 'node:os';
import { asUser } from '../../apps/server/src/test/test-context.ts';
import { insertCampaign, insertGoods, insertUser } from '../../apps/server/src/test/live-entries.fixture.ts';
import {
  bindingCookieOf,
  clickConsent,
  followCallback,
} from '../../apps/server/src/modules/live-ingestion/live-test-support.ts';
import { startBenchApp } from './embedded-app.ts';

const comments = Number(process.env.BENCH_COMMENTS ?? '20000');
const { app, container, sandbox, db, close } = await startBenchApp();
const poller = container.services.livePoller;

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
    // Back in the same browser: the binding cookie the consent-URL answer set (decision 0060).
    const location = await followCallback(back, { ...headers, cookie: bindingCookieOf(consent) });
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
  await close();
}

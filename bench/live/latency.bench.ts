/**
 * Comment → entrant latency (part of `npm run bench:live`): how long after a viewer writes a qualifying comment
 * in the sandbox chat the campaign counts them as an entrant, with YouTube chat read by `list` polling and by
 * `liveChatMessages.stream` (decision 0160). Goal: ≤ 1 s streamed.
 *
 * Runs the whole embedded app (PGlite, the worker's real `live.poll` jobs, the sandbox over HTTP) once per
 * mode. The sandbox answers `list` with `pollingIntervalMillis` BENCH_POLL_MS (default 2,000, inside the few
 * seconds YouTube sends), and closes an idle stream after 10 s as Google does. BENCH_LATENCY_COMMENTS viewers
 * (default 30) each write one comment with the keyword, 250–750 ms apart; the entrant count is read every 20 ms.
 */
import os from 'node:os';
import { asUser } from '../../apps/server/src/test/test-context.ts';
import { countEntrants } from '../../apps/server/src/modules/live-entries/entrants.sql.ts';
import { insertCampaign, insertGoods, insertUser } from '../../apps/server/src/test/live-entries.fixture.ts';
import { LiveStreamRepository } from '../../apps/server/src/modules/live-ingestion/live-stream.repository.ts';
import {
  bindingCookieOf,
  clickConsent,
  followCallback,
} from '../../apps/server/src/modules/live-ingestion/live-test-support.ts';
import { startBenchApp } from './embedded-app.ts';

const COMMENTS = Number(process.env.BENCH_LATENCY_COMMENTS ?? '30');
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? '2000');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(transport: 'list' | 'stream'): Promise<{ latencies: number[]; quota: number }> {
  const { app, container, sandbox, db, close } = await startBenchApp({
    LOG_LEVEL: 'error',
    YOUTUBE_CHAT_TRANSPORT: transport,
    // What is measured is latency at the platform's pace: a project allocation this large keeps the ledger from
    // spreading reads over the rest of the Pacific day (decision 0161), which at list's 150 units a minute it
    // would early in that day.
    YOUTUBE_DAILY_QUOTA: '100000000',
  });
  // This process is also the worker: the `live.poll` jobs read the chat as in production.
  await container.queue.startWorkers();
  try {
    sandbox.updateSettings({ youtubePollingIntervalMillis: POLL_MS, youtubeStreamIdleMs: 10_000 });
    const streamerId = await insertUser(db, { type: 'streamer', name: 'Bench Streamer' });
    const headers = asUser({ userId: streamerId, type: 'streamer', authUserId: `a-${streamerId}` });
    const campaignId = await insertCampaign(db, {
      streamerId,
      goodsId: await insertGoods(db, streamerId),
      rule: { keyword: 'win' },
    });
    const consent = await app.inject({ method: 'GET', url: '/api/oauth/youtube/liveStreaming/url', headers });
    const back = await clickConsent(consent.json<{ url: string }>().url, 'Hanabi Streamer');
    const location = await followCallback(back, { ...headers, cookie: bindingCookieOf(consent) });
    if (!location.includes('connected=')) throw new Error(`connect failed: ${location}`);
    const ownerId = (await app.inject({ method: 'GET', url: '/api/oauth/connections', headers })).json()
      .youtube.platformUserId as string;
    const live = sandbox.startStream('youtube', ownerId, 'Bench live');
    const started = await app.inject({
      method: 'POST',
      url: `/api/liveStreaming/${campaignId}/stream`,
      headers,
      payload: { platform: 'youtube' },
    });
    if (started.statusCode !== 201) throw new Error(`start answered ${started.statusCode}: ${started.body}`);
    const campaign = (await new LiveStreamRepository(db).campaign(campaignId))!;
    const entrants = async () => (await countEntrants(db, campaign, new Date())).total;
    // Let the worker's first read settle (the chat is empty), then viewers start writing.
    await sleep(3000);
    const quotaBefore = sandbox.settings().youtubeQuotaUsed;
    const latencies: number[] = [];
    for (let i = 0; i < COMMENTS; i += 1) {
      const viewer = sandbox.addAccount('youtube', `Latency Viewer ${transport} ${i}`);
      const writtenAt = performance.now();
      sandbox.append({
        streamId: live.id,
        type: 'text',
        authorId: viewer.id,
        text: `win ${i}`,
        isMember: false,
        isModerator: false,
        superChat: null,
        deletedMessageId: null,
        publishedAt: new Date(),
      });
      const deadline = writtenAt + 30_000;
      while ((await entrants()) < i + 1) {
        if (performance.now() > deadline) {
          throw new Error(`${transport}: comment ${i} never became an entrant`);
        }
        await sleep(20);
      }
      latencies.push(performance.now() - writtenAt);
      await sleep(250 + Math.random() * 500);
    }
    const quota = sandbox.settings().youtubeQuotaUsed - quotaBefore;
    // The chat ends, so the worker's reading stops before the app does.
    sandbox.endStream(live.id);
    await sleep(1500);
    return { latencies, quota };
  } finally {
    await close();
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

process.stdout.write(
  `\nComment → entrant latency (YouTube sandbox over HTTP → PGlite, worker jobs), ${os.cpus().length} cores, ` +
    `${COMMENTS} comments, list pollingIntervalMillis ${POLL_MS} ms\n`,
);
for (const transport of ['list', 'stream'] as const) {
  const started = performance.now();
  const { latencies, quota } = await measure(transport);
  const minutes = (performance.now() - started) / 60_000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0).padStart(5)} ms`;
  process.stdout.write(
    `  ${transport.padEnd(6)} median ${ms(quantile(sorted, 0.5))}  p95 ${ms(quantile(sorted, 0.95))}  ` +
      `max ${ms(sorted.at(-1)!)}  quota ${quota} units (${(quota / minutes).toFixed(0)}/min while chatting)` +
      `${transport === 'stream' ? `  goal ≤ 1000 ms: ${quantile(sorted, 0.95) <= 1000 ? 'met (p95)' : 'NOT met (p95)'}` : ''}\n`,
  );
}
process.stdout.write(`  (load average ${os.loadavg()[0]!.toFixed(1)})\n`);

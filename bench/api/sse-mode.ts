// `BENCH_MODE=sse`: N viewers on the live stream of a campaign, against a plain node:http SSE server in the same
// run. Per N (SSE_VIEWERS, default 1000,5000,10000): open rate (OPEN_PARALLEL in flight), first-event p99, server
// memory per connection, one event published and the fan-out p99 (publish to arrival at every viewer); then the
// reconnect storm: every viewer drops at once and comes back after the `retry:` the server gave it, as an
// EventSource does. Each server is warmed up first (SSE_WARM_UP opens, default 500, not counted); printed: time
// until all are back and how many failed (error or no answer within 30 s).
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { percentile, waitFor, type DemoIds } from './bench-server.ts';

const counts = (process.env.SSE_VIEWERS ?? '1000,5000,10000').split(',').map(Number);
const parallel = Number(process.env.OPEN_PARALLEL ?? '200');
const TIMEOUT_MS = 30_000;

interface Viewer {
  request: http.ClientRequest | null;
  retryMs: number;
  gotEvent: (at: number) => void;
}

/** Opens one stream; resolves at its first bytes (or rejects). `onEvent` hears the published event. */
function open(url: string, viewer: Viewer): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('timeout'));
    }, TIMEOUT_MS);
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        clearTimeout(timer);
        response.resume();
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      let first = true;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (first) {
          first = false;
          clearTimeout(timer);
          const retry = /retry: (\d+)/.exec(chunk);
          if (retry) viewer.retryMs = Number(retry[1]);
          resolve(performance.now() - started);
        }
        if (chunk.includes('event: winners')) viewer.gotEvent(performance.now());
      });
      response.on('error', () => undefined);
    });
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    viewer.request = request;
  });
}

/** Opens and closes WARM_UP streams, OPEN_PARALLEL at a time. */
async function warmUp(url: string): Promise<void> {
  let left = Number(process.env.SSE_WARM_UP ?? '500');
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (left > 0) {
        left -= 1;
        const viewer: Viewer = { request: null, retryMs: 0, gotEvent: () => undefined };
        await open(url, viewer).catch(() => undefined);
        viewer.request?.destroy();
      }
    }),
  );
}

type Ipc = (type: string, extra?: object) => Promise<Record<string, number>>;

function ipc(child: ChildProcess): Ipc {
  return (type, extra = {}) =>
    new Promise((resolve) => {
      const answer = type === 'publish' ? 'published' : type;
      const listener = (message: { type: string } & Record<string, number>) => {
        if (message.type !== answer) return;
        child.off('message', listener);
        resolve(message);
      };
      child.on('message', listener);
      child.send({ type, ...extra });
    });
}

async function measureServer(label: string, url: string, n: number, ask: Ipc, campaignId: string) {
  const before = await ask('memory');
  const viewers: Viewer[] = [];
  const arrivals: number[] = [];
  const firstBytes: number[] = [];
  let failed = 0;
  let nextIndex = 0;
  const startedOpen = performance.now();
  const openOne = async () => {
    while (nextIndex < n) {
      nextIndex += 1;
      const viewer: Viewer = { request: null, retryMs: 3000, gotEvent: (at) => arrivals.push(at) };
      viewers.push(viewer);
      await open(url, viewer).then(
        (ms) => firstBytes.push(ms),
        () => (failed += 1),
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, openOne));
  const openSeconds = (performance.now() - startedOpen) / 1000;
  const after = await ask('memory');
  const perConnectionKb = (after.rss! - before.rss!) / n / 1024;
  const published = performance.now();
  await ask('publish', { campaignId });
  const deadline = Date.now() + TIMEOUT_MS;
  while (arrivals.length < n - failed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const fanOut = arrivals.map((at) => at - published);
  process.stdout.write(
    `  ${label.padEnd(16)} open ${Math.round(n / openSeconds)
      .toString()
      .padStart(
        6,
      )}/s (${openSeconds.toFixed(2)} s)  first-event p99 ${percentile(firstBytes, 99).toFixed(0)} ms` +
      `  fan-out p99 ${percentile(fanOut, 99).toFixed(0)} ms (${fanOut.length}/${n} got it)` +
      `  memory ${perConnectionKb.toFixed(1)} KB/connection  failed opens ${failed}\n`,
  );
  // The reconnect storm: all drop at once, each comes back after its retry (EventSource behaviour).
  for (const viewer of viewers) viewer.request?.destroy();
  const stormStarted = performance.now();
  let back = 0;
  let stormFailed = 0;
  await Promise.all(
    viewers.map(async (viewer) => {
      await new Promise((r) => setTimeout(r, viewer.retryMs));
      await open(url, viewer).then(
        () => (back += 1),
        () => (stormFailed += 1),
      );
    }),
  );
  const stormSeconds = (performance.now() - stormStarted) / 1000;
  const retries = viewers.map((viewer) => viewer.retryMs);
  process.stdout.write(
    `  ${''.padEnd(16)} reconnect storm: ${back}/${n} back in ${stormSeconds.toFixed(2)} s ` +
      `(retry ${Math.min(...retries)}–${Math.max(...retries)} ms), ${stormFailed} failed\n`,
  );
  for (const viewer of viewers) viewer.request?.destroy();
  await new Promise((r) => setTimeout(r, 1500));
}

export async function runSse(
  base: string,
  ids: DemoIds,
  start: (args: string[], env: Record<string, string>) => ChildProcess,
  header: string,
  hanabi: ChildProcess,
): Promise<void> {
  const barePort = Number(new URL(base).port) + (process.env.BENCH_PORT ? 2 : 200);
  const bare = start(['--expose-gc', 'bench/api/bare-sse.ts'], { PORT: String(barePort) });
  try {
    await waitFor(`http://127.0.0.1:${barePort}/health`, bare);
    process.stdout.write(`\nLive stream (SSE), ${header}\n`);
    // Warm-up, not counted (as the routes mode's first second): both servers' code paths compiled by the JIT and
    // the snapshot cached, so the first N measures opening streams, not starting up.
    await warmUp(`http://127.0.0.1:${barePort}/events`);
    await warmUp(`${base}/api/liveStreaming/${ids.campaignId}/events`);
    for (const n of counts) {
      process.stdout.write(` ${n} viewers\n`);
      await measureServer(
        'bare node:http',
        `http://127.0.0.1:${barePort}/events`,
        n,
        ipc(bare),
        ids.campaignId,
      );
      await measureServer(
        'Hanabi',
        `${base}/api/liveStreaming/${ids.campaignId}/events`,
        n,
        ipc(hanabi),
        ids.campaignId,
      );
    }
  } finally {
    bare.kill('SIGTERM');
  }
}

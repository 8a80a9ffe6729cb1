/**
 * API benchmark: `npm run bench:api` (docs/design.md §10, issue 26).
 *
 * Starts the real server (embedded defaults, demo seed, its own data folder) and a bare Fastify route in child
 * processes, then drives both with autocannon from this process, one after the other, so the figures compare
 * Hanabi's request path (security headers, rate limit, session hook, validation, serialisation, database) with
 * the framework alone on the same machine in the same run. Modes (BENCH_MODE, comma separated, default all):
 * - `routes`: per public read req/s, p50, p99 and share of bare Fastify (BENCH_CONNECTIONS, default 100);
 * - `burst`: 10,000 opens of the campaign page (HTML shell + its API calls) by 1,000 simulated viewers;
 * - `sse`: N viewers on the live stream vs a plain node:http SSE server, one event fanned out, reconnect storm.
 * BENCH_DATABASE_URL runs the server on PostgreSQL (a fresh database is best: the demo seed is applied to it).
 * BENCH_ROUTES=collection,news measures only the routes whose title contains one of the words.
 * BENCH_PROFILE=<folder> writes a CPU profile of the server per route (the measured stretch only) for Chrome's
 * DevTools; BENCH_QUERY_LOG=1 prints each statement's count and mean time when the server stops.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoIds, root, start, waitFor, watchStderr } from './bench-server.ts';
import { runBurst } from './burst-mode.ts';
import { runSse } from './sse-mode.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '100');
const modes = new Set((process.env.BENCH_MODE ?? 'routes,burst,sse').split(','));

/** The children that answer profile requests (the Hanabi server, not bare Fastify). */
const profiled = new Set<ChildProcess>();

/** Sends a message to the server and waits for its answer of the given type. */
function ask(child: ChildProcess, message: object, answer: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (reply: { type: string }) => {
      if (reply.type !== answer) return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

/** CPU microseconds (user + system) a child process has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string; cpu?: NodeJS.CpuUsage }) => {
      if (message.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(message.cpu!.user + message.cpu!.system);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

async function measure(
  title: string,
  url: string,
  server: ChildProcess,
  headers: Record<string, string> = {},
) {
  // A second of warm-up first (JIT, caches, pools), not counted: the figures are of the steady state.
  await autocannon({ url, connections, duration: 1, headers });
  // The server's CPU per request: unlike req/s, it hardly depends on what else loads the machine.
  const profile = process.env.BENCH_PROFILE && profiled.has(server);
  if (profile) await ask(server, { type: 'profile-start' }, 'profiling');
  const cpuBefore = await cpuOf(server);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuUs = (await cpuOf(server)) - cpuBefore;
  if (profile) {
    const file = path.join(process.env.BENCH_PROFILE!, `${title.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`);
    await ask(server, { type: 'profile-stop', file }, 'profiled');
  }
  // Timeouts are a figure (a route that collapses under the load), printed below; anything else is a failure.
  if (result.non2xx > 0 || result.errors > result.timeouts) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  if (result.timeouts > 0) process.stdout.write(`  (${title}: ${result.timeouts} requests timed out)\n`);
  return {
    title,
    rps: Math.round(result.requests.average),
    cpuUs: Math.round(cpuUs / Math.max(1, result.requests.total)),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-api-'));
// BENCH_PORT pins the ports (Hanabi on it, bare Fastify +1, bare SSE +2) when several runs share a machine.
const hanabiPort = Number(process.env.BENCH_PORT ?? 3400 + Math.floor(Math.random() * 100));
const barePort = process.env.BENCH_PORT ? hanabiPort + 1 : hanabiPort + 100;
const children: ChildProcess[] = [];
const backend = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite embedded';
try {
  // The page shell: the built web app when there is one, else a stand-in index.html of similar size.
  let webDist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist, { recursive: true });
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head>${' '.repeat(1500)}</head></html>`,
    );
  }
  const hanabi = start(['--expose-gc', '--trace-deprecation', 'bench/api/bench-app.ts'], {
    HANABI_WEB_DIST: webDist,
    PUBLIC_ORIGIN: `http://127.0.0.1:${hanabiPort}`,
    PORT: String(hanabiPort),
    HANABI_DATA_DIR: dataDir,
    HANABI_DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_LINK_PER_ADDRESS: '100000',
    SIGN_IN_LINK_PER_IP: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  children.push(hanabi);
  profiled.add(hanabi);
  const stderr = watchStderr(hanabi);
  const bare = start(['bench/api/bare-fastify.ts'], { PORT: String(barePort) });
  children.push(bare);
  const hanabiUrl = `http://127.0.0.1:${hanabiPort}`;
  await waitFor(`${hanabiUrl}/api/ready`, hanabi);
  await waitFor(`http://127.0.0.1:${barePort}/health`, bare);
  const ids = await demoIds(hanabiUrl);
  const header =
    `Node ${process.version}, ${os.cpus().length} cores, ulimit -n ${process.env.BENCH_ULIMIT ?? '?'}, ` +
    `${backend}`;

  if (modes.has('routes')) {
    const signedIn = { authorization: `Bearer ${ids.audienceToken}` };
    const brotli = { 'accept-encoding': 'br, gzip' };
    const rows = [];
    rows.push(await measure('bare Fastify, JSON route', `http://127.0.0.1:${barePort}/health`, bare));
    const routes: [string, string, Record<string, string>?][] = [
      ['GET /api/health', '/api/health'],
      ['GET /api/campaign/{id}', `/api/campaign/${ids.campaignId}`],
      ['GET /api/campaign?type=audience', '/api/campaign?type=audience&limit=20'],
      // The same read as a browser asks for it: compressed above 1 KB (decision 0081).
      ['GET /api/campaign?type=audience, br', '/api/campaign?type=audience&limit=20', brotli],
      ['GET /api/streamer/{id}', `/api/streamer/${ids.streamerId}`],
      ['GET /api/news', '/api/news'],
      ['GET /api/campaign/{id}/results', `/api/campaign/${ids.campaignId}/results`],
      ['GET /api/collection/{me} (signed in)', `/api/collection/${ids.audienceUserId}`, signedIn],
      ['GET /api/campaign/{id} (signed in)', `/api/campaign/${ids.campaignId}`, signedIn],
    ];
    // BENCH_ROUTES=<text>[,<text>]: only the routes whose title contains one of them (bare Fastify always).
    const only = process.env.BENCH_ROUTES?.split(',').map((text) => text.trim().toLowerCase());
    for (const [title, route, headers] of routes) {
      if (only && !only.some((text) => title.toLowerCase().includes(text))) continue;
      rows.push(await measure(title, `${hanabiUrl}${route}`, hanabi, headers));
    }
    const bareRps = rows[0]!.rps;
    process.stdout.write(
      `\nAPI throughput (${connections} connections, ${seconds} s each, ${header}, ` +
        `load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})\n`,
    );
    for (const row of rows) {
      const share = ((row.rps / bareRps) * 100).toFixed(1);
      process.stdout.write(
        `  ${row.title.padEnd(40)} ${String(row.rps).padStart(7)} req/s  (${share.padStart(5)} % of bare)` +
          `  p50 ${row.p50} ms  p99 ${row.p99} ms  CPU ${row.cpuUs} µs/request\n`,
      );
    }
  }
  if (modes.has('burst')) {
    // The same burst against bare Fastify first (same client, same machine, same minute): what the client and
    // the machine allow, so Hanabi's figure can be judged by it.
    const bareSeconds = await runBurst(`http://127.0.0.1:${barePort}`, ids, 'bare Fastify');
    // BURST_BEFORE=1: the page as it was before decision 0113 too (more requests per open), same run.
    if (process.env.BURST_BEFORE === '1') {
      const before = await runBurst(hanabiUrl, ids, 'Hanabi, page before 0113', 'before');
      process.stdout.write(`  (${(before / bareSeconds).toFixed(1)}× bare Fastify's time)\n`);
    }
    const seconds = await runBurst(hanabiUrl, ids);
    process.stdout.write(
      `  Hanabi took ${(seconds / bareSeconds).toFixed(1)}× bare Fastify's time (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
    );
  }
  if (modes.has('sse')) await runSse(hanabiUrl, ids, start, header, hanabi);
  process.stdout.write(
    `\npg "already executing a query" warnings in the server log: ${stderr.pgWarnings()}\n`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

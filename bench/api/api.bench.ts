/**
 * API throughput benchmark: `npm run bench:api` (DESIGN section 10).
 *
 * Starts the real server (embedded defaults, demo seed, its own data folder) and a bare Fastify route in child
 * processes, then drives both with autocannon from this process, one after the other, so the figures compare
 * Hanabi's request path (security headers, rate limit, session hook, validation, serialisation, database) with
 * the framework alone on the same machine in the same run. Prints requests per second and latency percentiles.
 * BENCH_DATABASE_URL runs the server on PostgreSQL (a fresh database is best: the demo seed is applied to it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? '10');
const connections = Number(process.env.BENCH_CONNECTIONS ?? '20');

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Bytes on the wire per answer, headers included (what compression saves).
    bytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-api-'));
const hanabiPort = 3400 + Math.floor(Math.random() * 100);
const barePort = hanabiPort + 100;
const children: ChildProcess[] = [];
try {
  const hanabi = start(['apps/server/src/main.ts'], {
    PORT: String(hanabiPort),
    HANABI_DATA_DIR: dataDir,
    HANABI_DEMO: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  children.push(hanabi);
  const bare = start(['bench/api/bare-fastify.ts'], { PORT: String(barePort) });
  children.push(bare);
  const hanabiUrl = `http://127.0.0.1:${hanabiPort}`;
  await waitFor(`${hanabiUrl}/api/ready`, hanabi);
  await waitFor(`http://127.0.0.1:${barePort}/health`, bare);

  const rows = [];
  rows.push(await measure('bare Fastify, JSON route', `http://127.0.0.1:${barePort}/health`));
  rows.push(await measure('Hanabi GET /api/health', `${hanabiUrl}/api/health`));
  rows.push(await measure('Hanabi GET /api/news (database read)', `${hanabiUrl}/api/news`));
  rows.push(
    await measure(
      'Hanabi GET /api/campaign?type=audience (database read)',
      `${hanabiUrl}/api/campaign?type=audience&limit=20`,
    ),
  );
  // The same read as a browser asks for it: compressed above 1 KB (decision 0081).
  rows.push(
    await measure(
      'Hanabi GET /api/campaign?type=audience, br accepted',
      `${hanabiUrl}/api/campaign?type=audience&limit=20`,
      { 'accept-encoding': 'br, gzip' },
    ),
  );
  rows.push(
    await measure(
      'Hanabi GET /api/campaign?type=audience, gzip accepted',
      `${hanabiUrl}/api/campaign?type=audience&limit=20`,
      { 'accept-encoding': 'gzip' },
    ),
  );
  const bareRps = rows[0]!.rps;
  process.stdout.write(
    `\nAPI throughput (${connections} connections, ${seconds} s each, Node ${process.version}, ` +
      `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; ` +
      `${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite embedded'})\n`,
  );
  for (const row of rows) {
    const share = ((row.rps / bareRps) * 100).toFixed(0);
    process.stdout.write(
      `  ${row.title.padEnd(56)} ${String(row.rps).padStart(7)} req/s  (${share.padStart(3)} % of bare)` +
        `  p50 ${row.p50} ms  p99 ${row.p99} ms  ${String(row.bytes).padStart(6)} B/answer\n`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

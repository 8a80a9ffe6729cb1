// The Hanabi server for `npm run bench:api`: what main.ts starts (API, demo seed), plus an IPC channel
// the bench uses to publish one live event (the way a draw or stored comments do) and to read memory use.
import '../../apps/server/src/polyfills.ts';
import fs from 'node:fs';
import inspector from 'node:inspector';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContainer } from '../../apps/server/src/container.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { seedDemo } from '../../apps/server/src/demo-seed/demo-seed.ts';
import { publishLiveEvent } from '../../apps/server/src/modules/live-events/live-events.ts';

const config = loadConfig();
const log = createLogger(config);
const container = await createContainer(config, log);
await container.services.chain.ensureToken();
// An API process as production runs several of: no workers unless asked (BENCH_WORKERS=1), so the first
// minutes' jobs (card pictures, chain publishing) do not stall a single-threaded PGlite mid-measurement.
if (process.env.BENCH_WORKERS === '1') await container.queue.startWorkers();
if (config.demo) await seedDemo(container);
const app = await buildApp(container);
// BENCH_QUERY_LOG=1: count and time every statement the server sends, printed on exit (where time goes).
const queryLog = process.env.BENCH_QUERY_LOG === '1' ? timeQueries() : null;
await app.listen({ port: config.port, host: config.host, backlog: 4096 }); // as main.ts

// A CPU profile of a chosen stretch (steady state only, not start-up), for finding where a route's time goes.
const profiler = new inspector.Session();
profiler.connect();
process.on('message', (message: { type: string; campaignId?: string; file?: string }) => {
  if (message.type === 'publish') {
    void publishLiveEvent(container.database.db, message.campaignId!, { type: 'winners' }).then(() =>
      process.send!({ type: 'published' }),
    );
  } else if (message.type === 'profile-start') {
    profiler.post('Profiler.enable', () =>
      profiler.post('Profiler.start', () => process.send!({ type: 'profiling' })),
    );
  } else if (message.type === 'profile-stop') {
    profiler.post('Profiler.stop', (error, result) => {
      fs.writeFileSync(message.file!, JSON.stringify(error ? {} : result.profile));
      process.send!({ type: 'profiled' });
    });
  } else if (message.type === 'cpu') {
    process.send!({ type: 'cpu', cpu: process.cpuUsage() });
  } else if (message.type === 'memory') {
    global.gc?.();
    process.send!({ type: 'memory', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
  }
});
process.on('SIGTERM', () => {
  queryLog?.();
  void app
    .close()
    .then(() => container.close())
    .finally(() => process.exit(0));
});

function timeQueries(): () => void {
  const stats = new Map<string, { count: number; ms: number }>();
  const target = (container.database.pglite ?? container.database.pool) as unknown as {
    query: (...args: unknown[]) => Promise<unknown>;
  };
  const original = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? '');
    const t0 = performance.now();
    const done = () => {
      const stat = stats.get(text) ?? { count: 0, ms: 0 };
      stat.count += 1;
      stat.ms += performance.now() - t0;
      stats.set(text, stat);
    };
    const result = original.apply(this, args) as Promise<unknown>;
    result.then(done, done);
    return result;
  };
  return () => {
    const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
    for (const [text, stat] of rows) {
      process.stderr.write(
        `${String(stat.count).padStart(7)} × ${(stat.ms / stat.count).toFixed(2).padStart(7)} ms  ${text.replace(/\s+/g, ' ').slice(0, 160)}\n`,
      );
    }
  };
}

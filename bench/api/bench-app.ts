// The Hanabi server for `npm run bench:api`: what main.ts starts (API, demo seed), plus an IPC channel
// the bench uses to publish one live event (the way a draw or stored comments do) and to read memory use.
import '../../apps/server/src/polyfills.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContainer } from '../../apps/server/src/container.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { seedDemo } from '../../apps/server/src/db/seed.ts';
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
await app.listen({ port: config.port, host: config.host, backlog: 4096 }); // as main.ts

process.on('message', (message: { type: string; campaignId?: string }) => {
  if (message.type === 'publish') {
    void publishLiveEvent(container.database.db, message.campaignId!, { type: 'winners' }).then(() =>
      process.send!({ type: 'published' }),
    );
  } else if (message.type === 'memory') {
    global.gc?.();
    process.send!({ type: 'memory', rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
  }
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => container.close())
    .finally(() => process.exit(0));
});

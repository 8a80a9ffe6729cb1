import './polyfills.ts';
import type { FastifyInstance } from 'fastify';
import { ConfigError, isEmbedded, loadConfig, type AppConfig } from './config.ts';
import { createContainer, type Container } from './container.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';
import { seedDemo } from './demo-seed/demo-seed.ts';
import { flushErrorReporting, startErrorReporting } from './adapters/error-reporting/sentry.ts';

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Hanabi cannot start.\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const LISTEN_BACKLOG = 4096;
const startedAt = performance.now();
const config = readConfig();
const log = createLogger(config);
if (startErrorReporting(config)) log.info('error reporting on (Sentry)');
let container: Container | undefined;
let app: FastifyInstance | undefined;
let stopping = false;

async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) {
    log.warn('second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + 5000);
  force.unref();
  try {
    // Stop taking requests first, then the queue (lets running jobs finish), then close the database.
    await app?.close();
    await container?.close();
    await flushErrorReporting();
    log.info('stopped cleanly');
  } catch (error) {
    log.error({ err: error }, 'error while shutting down');
    exitCode = 1;
  }
  process.exit(exitCode);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

try {
  container = await createContainer(config, log);
  // The token must exist before anything mints: deployed on the first embedded start, checked otherwise.
  const tokenAddress = await container.services.chain.ensureToken();
  log.info({ tokenAddress, chainId: config.chainId }, 'token contract ready');
  if (config.role !== 'api') {
    await container.queue.startWorkers();
    // Reconcile at start: finish whatever a crash left half-delivered before anything new is signed.
    await container.services.delivery.kick();
  }
  if (config.demo && config.role !== 'worker' && (await seedDemo(container))) log.info('demo data seeded');

  if (config.role !== 'worker') {
    app = await buildApp(container);
    // A chat burst or a reconnect storm opens thousands of connections at once: a longer accept queue than
    // Node's 511 (the kernel caps it at net.core.somaxconn) keeps them from waiting on SYN retries.
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const mode = isEmbedded(config) ? 'embedded (PGlite in ' + config.dataDir + ')' : 'production (PostgreSQL)';
  const what = config.role === 'all' ? 'API + worker' : config.role === 'api' ? 'API' : 'worker';
  const address = config.role === 'worker' ? '' : ` on ${config.publicOrigin}`;
  process.stdout.write(
    `\nHanabi ${what} ready${address} — ${mode}, in ${seconds} s. Press Ctrl-C to stop.\n\n`,
  );
} catch (error) {
  log.fatal({ err: error }, 'start-up failed');
  await shutdown('startup-failure', 1);
}

import './polyfills.ts';
import type { FastifyInstance } from 'fastify';
import { ConfigError, isEmbedded, loadConfig, requestedRole, type AppConfig } from './config.ts';
import { createContainer, openDatabase, type Container } from './container.ts';
import { migrateCommand } from './db/migrate.ts';
import { deployTokenCommand } from './commands/deploy-token.command.ts';
import { TokenSetupError } from './modules/chain/index.ts';
import { startWorkerProbe } from './modules/system/index.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';
import { seedDemo } from './demo-seed/demo-seed.ts';
import { flushErrorReporting, startErrorReporting } from './adapters/error-reporting/index.ts';

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

// `npm run doctor` (decision 0225): reports a configuration that does not parse instead of stopping on it.
if (requestedRole().role === 'doctor') {
  const { doctorCommand } = await import('./commands/doctor.command.ts');
  process.exit(await doctorCommand(process.argv.slice(2)));
}

const LISTEN_BACKLOG = 4096;
/** How often a slow shutdown says where it is. */
const SLOW_SHUTDOWN_REPORT_MS = 10_000;
const startedAt = performance.now();
const config = readConfig();
const log = createLogger(config);
if (startErrorReporting(config)) log.info('error reporting on (Sentry)');
let container: Container | undefined;
let app: FastifyInstance | undefined;
let probe: { close(): Promise<void> } | undefined;
let stopping = false;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One-shot commands (decision 0140): `migrate` applies the migrations and `deploy-token` deploys the token once,
 * both under the migrations' advisory lock, then the process exits (0 when done).
 */
if (config.role === 'migrate' || config.role === 'deploy-token') {
  try {
    if (config.role === 'migrate') {
      await migrateCommand(() => openDatabase(config));
      process.stdout.write('Hanabi migrations applied.\n');
    } else {
      const { token, drawRegistry, contractUri } = await deployTokenCommand(config, log);
      process.stdout.write(
        `Hanabi token contract: ${token}\nSet CHAIN_CONTRACT_ADDRESS=${token}\n` +
          (contractUri
            ? `Its collection metadata (ERC-7572 contractURI): ${contractUri}\n`
            : 'Its collection metadata is not set (IPFS did not answer): run deploy-token again once it does\n') +
          `Hanabi draw registry: ${drawRegistry} (recorded in the database; CHAIN_DRAW_REGISTRY_ADDRESS may name it)\n`,
      );
    }
    process.exit(0);
  } catch (error) {
    log.fatal({ err: error }, `${config.role} failed`);
    process.exit(1);
  }
}

async function shutdown(signal: string, exitCode = 0): Promise<void> {
  if (stopping) {
    log.warn('second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  const stopBudget = config.role === 'api' ? config.shutdownTimeoutMs : config.ops.workerStopTimeoutMs;
  const force = setTimeout(
    () => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    },
    config.ops.drainMs + stopBudget + 5000,
  );
  force.unref();
  // A stop that takes long says where it is and what the database pool still lends out (a pool ends only once
  // every connection it lent is back), so a hang names its cause.
  let step = 'draining';
  const slow = setInterval(() => {
    const pool = container?.database.pool;
    log.warn(
      {
        step,
        ...(pool
          ? { pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } }
          : {}),
        lent: container?.database.lent?.(),
      },
      'still shutting down',
    );
  }, SLOW_SHUTDOWN_REPORT_MS);
  slow.unref();
  try {
    // Not ready first, so the load balancer stops sending; then stop taking requests, then the queue (running
    // jobs end at their next safe point or are handed back), then close the database.
    container?.services.system.startDraining();
    if (app && config.ops.drainMs > 0 && exitCode === 0) {
      log.info({ drainMs: config.ops.drainMs }, 'draining: /api/ready answers 503');
      await sleep(config.ops.drainMs);
    }
    step = 'http server';
    // A connection whose last request ends after the close began stays open until its keep-alive timeout (72 s
    // in Fastify), and the close waits for it: each is closed as soon as it goes idle.
    const idleSweep = app ? setInterval(() => app?.server.closeIdleConnections(), 200) : undefined;
    try {
      await app?.close();
    } finally {
      clearInterval(idleSweep);
    }
    await container?.close((name) => (step = name));
    step = 'probe';
    await probe?.close();
    step = 'error reporting';
    await flushErrorReporting();
    clearInterval(slow);
    log.info('stopped cleanly');
  } catch (error) {
    log.error({ err: error }, 'error while shutting down');
    exitCode = 1;
  }
  process.exit(exitCode);
}

/**
 * Checks the configured token on the outside chain until it answers. A chain that answers and rules the token out
 * (wrong chain id, no contract) is a settings mistake: the process stops. One that does not answer is waited for.
 */
async function watchToken(started: Container): Promise<void> {
  let warned = false;
  while (!stopping) {
    try {
      const tokenAddress = await started.services.chain.verifyToken();
      log.info({ tokenAddress, chainId: config.chainId }, 'token contract ready');
      return;
    } catch (error) {
      if (error instanceof TokenSetupError) {
        log.fatal({ reason: error.message }, 'the configured token contract cannot be used');
        await shutdown('token-check', 1);
        return;
      }
      // Only the kind of failure: an RPC error's text carries the node's URL, which may hold an API key.
      if (!warned) log.warn({ reason: (error as Error).name }, 'chain not answering; serving without it');
      warned = true;
      await sleep(10_000);
    }
  }
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

try {
  container = await createContainer(config, log);
  if (config.chain.kind === 'embedded') {
    // The embedded chain is this process's child: the token is deployed on its first start.
    const tokenAddress = await container.services.chain.ensureToken();
    // The collection's ERC-7572 metadata (decision 0221); without it the token still works, so a failure only warns.
    const { services, adapters } = container;
    await adapters.ipfs
      .get()
      .then((ipfs) => services.chain.ensureCollectionMetadata(ipfs))
      .catch((error: unknown) => log.warn({ err: error }, 'could not set the token collection metadata'));
    log.info({ tokenAddress, chainId: config.chainId }, 'token contract ready');
  } else {
    // An outside chain may be down: reads are served meanwhile, chain work waits (decision 0141).
    void watchToken(container);
  }
  if (config.role !== 'api') {
    await container.queue.startWorkers();
    // Reconcile at start: finish whatever a crash left half-delivered before anything new is signed.
    await container.services.delivery.kick();
    if (config.role === 'worker' && config.ops.workerHealthPort !== undefined) {
      const started = await startWorkerProbe({
        port: config.ops.workerHealthPort,
        host: config.host,
        system: container.services.system,
        metrics: container.metrics,
        metricsToken: config.ops.metricsToken,
      });
      probe = started;
      log.info({ port: started.port }, 'worker probe listening (/health, /ready, /metrics)');
    }
  }
  if (config.exposed) {
    // Reachable from other machines without production's safeguards: say what stayed off and how to turn it on.
    log.warn(
      {
        host: config.host,
        devMailbox: container.adapters.devMailbox !== null,
        sandbox: config.live.sandbox,
        demo: config.demo,
      },
      'listening beyond this machine: the dev mailbox, the live sandbox and the demo accounts are off unless ' +
        'DEV_MAILBOX, LIVE_SANDBOX or HANABI_DEMO turn them on (HOST=localhost keeps it to this machine)',
    );
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

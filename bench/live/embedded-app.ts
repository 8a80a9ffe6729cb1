import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContainer } from '../../apps/server/src/container.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { headerSessions } from '../../apps/server/src/test/test-context.ts';
import { freePort } from '../../apps/server/src/modules/live-ingestion/live-test-support.ts';

/**
 * The live benches' app: embedded (PGlite in a throwaway folder, or BENCH_DATABASE_URL), the sandbox platforms
 * mounted and listening on a free port that is also the public origin, so the production adapters reach them
 * over HTTP; callers are impersonated with `x-test-user` headers.
 */
export async function startBenchApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-live-'));
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
    ...env,
  });
  const container = await createContainer(config, createLogger(config), { sessions: headerSessions });
  const app = await buildApp(container);
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    container,
    sandbox: container.sandbox!,
    db: container.database.db,
    async close() {
      await app.close();
      await container.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

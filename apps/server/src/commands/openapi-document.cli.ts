import '../polyfills.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createContainer } from '../container.ts';
import { buildApp } from '../app.ts';
import { openPglite } from '../db/client.ts';
import { createLogger } from '../logger.ts';

// `tsx apps/server/src/commands/openapi-document.cli.ts <out.json>`: writes the OpenAPI document the server
// publishes at /api/docs/json (scripts/openapi-lint.mjs lints it in CI, decision 0216). The same `buildApp` as the
// server, on an in-memory PGlite that is never migrated nor queried: no database server, no port, no network.

const out = process.argv[2];
if (!out) {
  process.stderr.write('Usage: openapi-document.cli.ts <out.json>\n');
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-openapi-'));
const config = loadConfig({
  NODE_ENV: 'development',
  HANABI_DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  HANABI_DEMO: '0',
});
const database = await openPglite(undefined);
const container = await createContainer(config, createLogger(config), { database });
try {
  const app = await buildApp(container);
  await app.ready();
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
} finally {
  await container.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

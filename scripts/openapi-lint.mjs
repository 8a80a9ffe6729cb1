// `npm run lint:openapi`: writes the OpenAPI document the server publishes (built from the contract the same way,
// on an in-memory database, no port) and lints it with Redocly against redocly.yaml. Fails on any error; prints
// the error and warning counts. Run by `node scripts/test.mjs` with the other static checks (decision 0216).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const document = path.join(os.tmpdir(), `hanabi-openapi-${process.pid}.json`);
// No telemetry, no update check: the lint runs offline and says nothing about this project to anyone.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.error) throw result.error;
  return result;
}

try {
  const written = run(bin('tsx'), ['apps/server/src/commands/openapi-document.cli.ts', document]);
  if (written.status !== 0) {
    process.stderr.write(written.stdout + written.stderr);
    throw new Error('could not write the OpenAPI document');
  }
  const lint = run(bin('redocly'), [
    'lint',
    document,
    '--config',
    'redocly.yaml',
    '--format=json',
    '--max-problems',
    '100000',
  ]);
  const report = JSON.parse(lint.stdout);
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`  ${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
  }
  const spec = JSON.parse(fs.readFileSync(document, 'utf8'));
  const paths = Object.values(spec.paths);
  const operations = paths.flatMap((item) => Object.keys(item)).length;
  const { errors, warnings } = report.totals;
  console.log(
    `OpenAPI lint (Redocly): ${errors} errors, ${warnings} warnings — ${operations} operations on ${paths.length} paths`,
  );
  if (errors > 0) process.exitCode = 1;
} finally {
  fs.rmSync(document, { force: true });
}

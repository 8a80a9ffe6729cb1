// `npm run test:node24`: the unit, integration and contract tests again on Node.js 24 LTS, whatever Node runs npm.
// The binary is the npm registry's `node` package, pinned in tools/node24 (nothing is downloaded from elsewhere);
// CI runs this after `npm test`, so the suite is known green on the machine's Node and on the LTS production uses.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/build-steps.mjs';

const toolDir = path.join(repoRoot, 'tools/node24');
const binDir = path.join(toolDir, 'node_modules/.bin');
const node24 = path.join(binDir, 'node');

if (!fs.existsSync(node24)) {
  console.log('Installing the pinned Node.js 24 from the npm registry (tools/node24)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: toolDir, stdio: 'inherit' });
}
const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
console.log(`▶ unit + integration + token on Node.js ${version}`);

// Child processes the tests start (workers, the production stack) find `node` on PATH: the same Node 24. With
// PostgreSQL at hand the integration tests run on it only (production's path; the main run covers PGlite too).
const env = {
  ...process.env,
  PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ''}`,
  ...(process.env.TEST_DATABASE_URL ? { TEST_BACKENDS: 'postgres' } : {}),
};
const vitest = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
const projects = ['unit', 'integration', 'token'].flatMap((name) => ['--project', name]);
try {
  execFileSync(node24, [vitest, 'run', ...projects], { cwd: repoRoot, stdio: 'inherit', env });
} catch {
  console.error(`\n✖ tests failed on Node.js ${version}.`);
  process.exit(1);
}
console.log(`✔ unit + integration + token on Node.js ${version}`);

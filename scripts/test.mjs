// `npm test`: every check of the project, in order of speed — types, lint, contract artifact, unit and
// integration tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then the e2e suite in Chromium.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { assertNodeVersion, buildAll, repoRoot } from './lib/build-steps.mjs';

assertNodeVersion();
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `The browser tests need Debian's Chromium at ${chromium}, and it is not there.\n` +
      'Install it with:  sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium binary). Hanabi never downloads a browser.',
  );
  process.exit(1);
}

const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const steps = [
  [
    'types',
    () => execFileSync(process.execPath, ['scripts/typecheck.mjs'], { cwd: repoRoot, stdio: 'inherit' }),
  ],
  ['lint', () => execFileSync(bin('eslint'), ['.', '--max-warnings=0'], { cwd: repoRoot, stdio: 'inherit' })],
  [
    'format',
    () =>
      execFileSync(bin('prettier'), ['--check', '--log-level', 'warn', '.'], {
        cwd: repoRoot,
        stdio: 'inherit',
      }),
  ],
  [
    'token artifact',
    () =>
      execFileSync('npm', ['run', 'check-artifact', '-w', '@hanabi/token'], {
        cwd: repoRoot,
        stdio: 'inherit',
      }),
  ],
  ['unit + integration', () => execFileSync(bin('vitest'), ['run'], { cwd: repoRoot, stdio: 'inherit' })],
  ['build', () => buildAll()],
  [
    'built imports',
    () =>
      execFileSync(process.execPath, ['scripts/check-built-imports.mjs'], {
        cwd: repoRoot,
        stdio: 'inherit',
      }),
  ],
  [
    'e2e (Chromium)',
    () => execFileSync('npm', ['test', '-w', '@hanabi/e2e'], { cwd: repoRoot, stdio: 'inherit' }),
  ],
];

const only = process.argv.slice(2);
for (const [name, run] of steps) {
  if (only.length > 0 && !only.some((wanted) => name.startsWith(wanted))) continue;
  const startedAt = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    run();
  } catch {
    console.error(`\n✖ ${name} failed.`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);
}
console.log('\nAll checks passed.');

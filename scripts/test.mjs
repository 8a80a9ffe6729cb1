// `npm test`: every check of the project, each proven once where it matters (decision 0203):
//   static checks   types, lint and format (each incremental or cached between runs) and the OpenAPI lint, at once
//   tests           unit, web, contract and integration tests on Node.js 24 LTS, production's runtime; integration
//                   files on PostgreSQL when TEST_DATABASE_URL is set, PGlite for the embedded slice (and for all
//                   of them when it is not)
//   build, built imports, then e2e in Chromium against the built server started once on this machine's Node (what
//   `npm start` runs), and the embedded start (main.int.test.ts) on this Node as a smoke.
// `node scripts/test.mjs <step> …` runs only the steps whose names start with the given words.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertNodeVersion, buildAll, repoRoot } from './lib/build-steps.mjs';
import { node24 } from './lib/node24.mjs';
import { printSlowestFiles } from './lib/test-timings.mjs';

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
// Japanese pages measured without a Japanese font are empty boxes: their phone-width and screenshot checks would
// pass on pages a Japanese user's machine (which has one) draws wider.
let japaneseFonts = '';
try {
  japaneseFonts = execFileSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' }).trim();
} catch {
  // No fontconfig: no fonts either.
}
if (!japaneseFonts) {
  console.error(
    'The browser tests need a Japanese font, and this machine has none.\n' +
      "Install Debian's Noto CJK fonts with:  sudo apt-get install -y fonts-noto-cjk",
  );
  process.exit(1);
}
/** Stops with how to install it when a Debian tool a test runs is missing (`envVar` may name another binary). */
function requireTool({ name, envVar, paths, neededFor, install }) {
  const found = [process.env[envVar], ...paths]
    .concat((process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)))
    .some((candidate) => candidate && fs.existsSync(candidate));
  if (found) return;
  console.error(
    `${neededFor}, and it is not there.\n` +
      `Install it with:  ${install}\n` +
      `(or set ${envVar} to a ${name} binary). Only the binary is used: no service is started.`,
  );
  process.exit(1);
}
// The deployment example's proxy (deploy/nginx.conf) runs in front of two api processes in behind-proxy.int.test.ts.
requireTool({
  name: 'nginx',
  envVar: 'NGINX_PATH',
  paths: ['/usr/sbin/nginx', '/usr/local/sbin/nginx'],
  neededFor: "The proxy test needs Debian's nginx",
  install: 'sudo apt-get install -y nginx',
});
// Prometheus's linter reads /metrics in metrics-promtool.int.test.ts.
requireTool({
  name: 'promtool',
  envVar: 'PROMTOOL_PATH',
  paths: ['/usr/bin/promtool', '/usr/local/bin/promtool'],
  neededFor: "The metrics lint needs Prometheus's promtool",
  install: 'sudo apt-get install -y --no-install-recommends prometheus',
});

const bin = (name) => path.join(repoRoot, 'node_modules/.bin', name);
const vitest = path.join(repoRoot, 'node_modules/vitest/vitest.mjs');
const run = (command, args, options = {}) =>
  execFileSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });

/** Runs the commands at once, each one's output kept and printed whole when it ends; fails if any failed. */
async function together(commands) {
  const results = await Promise.all(
    commands.map(
      ([label, command, args]) =>
        new Promise((resolve) => {
          const startedAt = performance.now();
          const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
            console.log(`  ${code === 0 ? '✔' : '✖'} ${label} (${seconds} s)`);
            if (output.trim()) console.log(output.trimEnd());
            resolve(code === 0);
          });
        }),
    ),
  );
  if (results.includes(false)) throw new Error('a static check failed');
}

const timingsFile = path.join(os.tmpdir(), `hanabi-vitest-${process.pid}.json`);

const steps = [
  [
    'static checks',
    () =>
      together([
        ['types', process.execPath, ['scripts/typecheck.mjs']],
        // Cached under node_modules/.cache: a second run reads only the files that changed.
        [
          'lint',
          bin('eslint'),
          ['.', '--max-warnings=0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'],
        ],
        ['format', bin('prettier'), ['--check', '--cache', '--log-level', 'warn', '.']],
        // The OpenAPI document the server publishes, linted with Redocly (decision 0216).
        ['openapi', process.execPath, ['scripts/openapi-lint.mjs']],
      ]),
  ],
  ['token artifact', () => run('npm', ['run', 'check-artifact', '-w', '@hanabi/token'])],
  [
    'tests on Node 24',
    () => {
      const node = node24();
      console.log(`  unit, web, contract and integration tests on Node.js ${node.version}`);
      // Child processes the tests start (workers, built servers, the production stack) find `node` on PATH.
      const env = { ...process.env, PATH: `${node.binDir}${path.delimiter}${process.env.PATH ?? ''}` };
      try {
        run(
          node.binary,
          [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile=${timingsFile}`],
          {
            env,
          },
        );
      } finally {
        printSlowestFiles(timingsFile, 20);
        fs.rmSync(timingsFile, { force: true });
      }
    },
  ],
  ['build', () => buildAll()],
  ['built imports', () => run(process.execPath, ['scripts/check-built-imports.mjs'])],
  ['e2e (Chromium)', () => run('npm', ['test', '-w', '@hanabi/e2e'])],
  [
    `smoke on Node ${process.versions.node}`,
    // What `npm start` does — the built server on the embedded defaults, started, stopped, started again — on the
    // Node that runs npm (e2e above ran the same build on it in a browser).
    () =>
      run(process.execPath, [vitest, 'run', '--project', 'processes', 'apps/server/src/main.int.test.ts']),
  ],
];

const only = process.argv.slice(2);
const took = [];
for (const [name, step] of steps) {
  if (only.length > 0 && !only.some((wanted) => name.startsWith(wanted))) continue;
  const startedAt = performance.now();
  console.log(`\n▶ ${name}`);
  try {
    await step();
  } catch {
    console.error(`\n✖ ${name} failed.`);
    process.exit(1);
  }
  const seconds = (performance.now() - startedAt) / 1000;
  took.push([name, seconds]);
  console.log(`✔ ${name} (${seconds.toFixed(1)} s)`);
}
console.log('\nAll checks passed.');
for (const [name, seconds] of took) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);

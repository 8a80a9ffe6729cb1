// Build steps shared by `npm start`, `npm run build` and `npm test`: each step rebuilds only when its inputs
// changed since the last build (a content hash kept next to the output), so a second start is instant.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function listFiles(entry) {
  const full = path.join(repoRoot, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.join(dirent.parentPath ?? dirent.path, dirent.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && !/\.test\.tsx?$/.test(file))
    .sort();
}

function hashInputs(inputs) {
  const hash = createHash('sha256');
  hash.update(process.version.split('.')[0] ?? '');
  for (const file of inputs.flatMap(listFiles)) {
    hash.update(path.relative(repoRoot, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

const steps = [
  {
    name: 'web app',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/build',
      'apps/web/package.json',
      'packages/api/src',
      'package-lock.json',
    ],
    stamp: 'apps/web/dist/.build-stamp',
    run: () =>
      execFileSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        {
          cwd: path.join(repoRoot, 'apps/web'),
          stdio: 'inherit',
          // Called from vitest (the budget test) NODE_ENV is 'test', and Vite would then build development React.
          env: { ...process.env, NODE_ENV: 'production' },
        },
      ),
  },
  {
    name: 'server',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/api/src',
      'packages/draw/src',
      'packages/draw/package.json',
      'packages/token/src',
      'package-lock.json',
    ],
    stamp: 'apps/server/dist/.build-stamp',
    run: () =>
      execFileSync(process.execPath, ['build.mjs'], {
        cwd: path.join(repoRoot, 'apps/server'),
        stdio: 'inherit',
      }),
  },
];

/** Builds what is stale (or everything with force). Returns the names of the steps that ran. */
export function buildAll({ force = false, log = console.log } = {}) {
  const ran = [];
  for (const step of steps) {
    const hash = hashInputs(step.inputs);
    const stampFile = path.join(repoRoot, step.stamp);
    const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
    if (!force && previous === hash) continue;
    const startedAt = performance.now();
    log(`Building the ${step.name}…`);
    step.run();
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, hash);
    log(`Built the ${step.name} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s.`);
    ran.push(step.name);
  }
  return ran;
}

export function assertNodeVersion() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Hanabi needs Node.js 22.12 or newer (22 and 24 LTS); this is ${process.version}.`);
    process.exit(1);
  }
  // Node 20 reached its end of life in April 2026; it still runs Hanabi for development and tests, but production
  // targets 22.12+ (reusePort, current dependencies' engines). The test suite also runs on 24: npm run test:node24.
  if (major < 22 || (major === 22 && minor < 12)) {
    console.warn(
      `Note: Hanabi targets Node.js 22.12+ (22 and 24 LTS); ${process.version} is past its end of life. ` +
        'It runs for development here; use 22.12+ in production.',
    );
  }
}

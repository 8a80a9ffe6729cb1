// `npm run production:check` (CI, needs TEST_DATABASE_URL): what the container image does, without a container
// engine. It stages the production build (scripts/production-stage.mjs, as the Dockerfile does), runs
// `npm ci --omit=dev` in that clean folder, prints the footprint (dependencies + built output), then starts one api
// and one worker from it — `node apps/server/dist/main.js`, NODE_ENV=production — on a fresh PostgreSQL database
// with the stand-ins of apps/server/src/test/production-stack.ts, and checks /api/ready, /api/health and the app.
// The api gets no signer key (only its address); the worker reads its key and AUTH_SECRET from *_FILE secrets.
//
//   --baseline     also measure `npm ci --omit=dev` of the whole repository manifest (what a naive image would hold)
//   --keep         leave the staged folder (its path is printed)
//   FOOTPRINT_PORT the api's port (default: a free one); FOOTPRINT_CEILING_MB fails the run above it (default 450)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { privateKeyToAddress } from 'viem/accounts';
import { stageProduction, STAGED_EXTRAS, STAGED_PATHS } from './production-stage.mjs';
import { freePort, startHanabi, startProductionStack } from '../apps/server/src/test/production-stack.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AIM_MB = 300;
const CEILING_MB = Number(process.env.FOOTPRINT_CEILING_MB ?? 450);
const args = new Set(process.argv.slice(2));
const MB = 1024 * 1024;

/** Apparent size of every file under `dir` (what the image layer holds), symlinks not followed. */
function sizeOf(dir: string): number {
  if (fs.statSync(dir).isFile()) return fs.statSync(dir).size;
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

/** The biggest installed packages (scoped ones counted per package). */
function heaviest(nodeModules: string, count: number): Array<[string, number]> {
  const sizes: Array<[string, number]> = [];
  for (const entry of fs.readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const full = path.join(nodeModules, entry.name);
    if (entry.name.startsWith('@')) {
      for (const scoped of fs.readdirSync(full, { withFileTypes: true })) {
        if (scoped.isDirectory())
          sizes.push([`${entry.name}/${scoped.name}`, sizeOf(path.join(full, scoped.name))]);
      }
    } else sizes.push([entry.name, sizeOf(full)]);
  }
  return sizes.sort((a, b) => b[1] - a[1]).slice(0, count);
}

function npmCiOmitDev(dir: string): number {
  const started = performance.now();
  const result = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`npm ci --omit=dev failed in ${dir}`);
  return (performance.now() - started) / 1000;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

function measureBaseline(): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-baseline-'));
  try {
    for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
      fs.copyFileSync(path.join(repoRoot, file), path.join(dir, file));
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    for (const workspace of manifest.workspaces) {
      fs.mkdirSync(path.join(dir, workspace), { recursive: true });
      fs.copyFileSync(
        path.join(repoRoot, workspace, 'package.json'),
        path.join(dir, workspace, 'package.json'),
      );
    }
    npmCiOmitDev(dir);
    return sizeOf(path.join(dir, 'node_modules'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function startFromStage(stage: string, env: Record<string, string>) {
  return startHanabi(env, { cwd: stage, args: ['apps/server/dist/main.js'] });
}

async function expectStatus(url: string, status: number, bodyCheck?: (body: string) => boolean) {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  if (response.status !== status || (bodyCheck && !bodyCheck(body))) {
    throw new Error(`${url} answered ${response.status} (wanted ${status}): ${body.slice(0, 300)}`);
  }
  console.log(`  ${new URL(url).pathname} → ${response.status}`);
}

async function main() {
  if (!process.env.TEST_DATABASE_URL) {
    console.error(
      'production:check needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
    process.exit(2);
  }
  const stage = stageProduction(fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-image-')));
  const cleanups: Array<() => Promise<unknown>> = [];
  let failed = false;
  try {
    const installSeconds = npmCiOmitDev(stage);
    // The image loads its dependencies from this install: each external import must find its declared version.
    const importCheck = spawnSync(
      process.execPath,
      ['scripts/check-built-imports.mjs', '--main', path.join(stage, 'apps/server/dist/main.js')],
      { cwd: repoRoot, stdio: 'inherit' },
    );
    if (importCheck.status !== 0)
      throw new Error('the staged server loads dependencies outside their ranges');
    const dependencies = sizeOf(path.join(stage, 'node_modules'));
    const builtPaths = [...STAGED_PATHS, ...STAGED_EXTRAS];
    const built = builtPaths.reduce((sum, relative) => sum + sizeOf(path.join(stage, relative)), 0);
    const total = dependencies + built;
    console.log(`\nProduction footprint (${stage}):`);
    console.log(`  dependencies (npm ci --omit=dev, ${installSeconds.toFixed(0)} s): ${mb(dependencies)}`);
    console.log(`  built output (${builtPaths.join(', ')}): ${mb(built)}`);
    console.log(`  total: ${mb(total)} (aim ≤ ${AIM_MB} MB, ceiling ${CEILING_MB} MB)`);
    console.log(
      `  heaviest: ${heaviest(path.join(stage, 'node_modules'), 8)
        .map(([n, s]) => `${n} ${mb(s)}`)
        .join(', ')}`,
    );
    if (args.has('--baseline')) {
      const baseline = measureBaseline();
      console.log(`  baseline, npm ci --omit=dev of the whole repository manifest: ${mb(baseline)}`);
    }
    if (total > CEILING_MB * MB)
      throw new Error(`the footprint ${mb(total)} is above the ${CEILING_MB} MB ceiling`);

    const port = Number(process.env.FOOTPRINT_PORT ?? (await freePort()));
    const origin = `http://127.0.0.1:${port}`;
    const stack = await startProductionStack('footprint', origin, { deployToken: true });
    cleanups.push(() => stack.close());
    const secrets = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-secrets-'));
    cleanups.push(async () => fs.rmSync(secrets, { recursive: true, force: true }));
    const { CHAIN_SIGNER_KEY: key, AUTH_SECRET: authSecret, ...shared } = stack.env;
    fs.writeFileSync(path.join(secrets, 'signer-key'), `${key}\n`, { mode: 0o600 });
    fs.writeFileSync(path.join(secrets, 'auth-secret'), `${authSecret}\n`, { mode: 0o600 });
    const env = { ...shared, AUTH_SECRET_FILE: path.join(secrets, 'auth-secret') };

    const started = performance.now();
    const api = startFromStage(stage, {
      ...env,
      HANABI_ROLE: 'api',
      PORT: String(port),
      CHAIN_SIGNER_ADDRESS: privateKeyToAddress(key as `0x${string}`),
    });
    // The worker opens its probe port, as deploy/compose.example.yaml runs it, so its health check is tried too.
    const probePort = await freePort();
    const worker = startFromStage(stage, {
      ...env,
      HANABI_ROLE: 'worker',
      CHAIN_SIGNER_KEY_FILE: path.join(secrets, 'signer-key'),
      WORKER_HEALTH_PORT: String(probePort),
    });
    cleanups.push(async () => {
      for (const server of [api, worker]) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    });
    await Promise.all([api.ready(), worker.ready()]);
    console.log(
      `\napi + worker started from the staged folder in ${((performance.now() - started) / 1000).toFixed(1)} s:`,
    );
    await expectStatus(`${origin}/api/health`, 200);
    await expectStatus(`${origin}/api/ready`, 200);
    await expectStatus(`${origin}/`, 200, (body) => body.includes('<div id="root"'));
    // The editor fonts come from the staged copies (the web app's font packages are not installed).
    await expectStatus(`${origin}/assets/font/data-url/noto-serif-jp.json`, 200, (body) =>
      body.includes('data:font/woff;base64,'),
    );
    // The image's HEALTHCHECK, run as the image runs it: healthy on the api's port, unhealthy where nothing answers.
    const healthcheck = (checkPort: number, url?: string) =>
      spawnSync(process.execPath, ['scripts/healthcheck.mjs'], {
        cwd: stage,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(checkPort),
          ...(url ? { HANABI_HEALTHCHECK_URL: url } : {}),
        },
      }).status;
    const unusedPort = await freePort();
    if (healthcheck(port) !== 0 || healthcheck(unusedPort) !== 1) {
      throw new Error('scripts/healthcheck.mjs does not tell a live api from a dead port');
    }
    // The worker's check as the compose example sets it: HANABI_HEALTHCHECK_URL at the probe, nothing on PORT.
    if (healthcheck(unusedPort, `http://127.0.0.1:${probePort}/health`) !== 0) {
      throw new Error("scripts/healthcheck.mjs does not find the worker's probe at HANABI_HEALTHCHECK_URL");
    }
    console.log('  scripts/healthcheck.mjs → 0 on the api and on the worker probe, 1 on a closed port');
    const leftovers = fs.readdirSync(stack.dataDir);
    if (leftovers.length > 0)
      throw new Error(`embedded parts wrote to the data folder: ${leftovers.join(', ')}`);

    for (const server of [api, worker]) server.child.kill('SIGTERM');
    const codes = await Promise.all([api.exited, worker.exited]);
    if (codes.some((code) => code !== 0)) {
      throw new Error(`stopping exited with ${codes.join(', ')}\n${api.output()}\n${worker.output()}`);
    }
    console.log('  both stopped cleanly on SIGTERM.\nproduction:check passed.');
  } catch (error) {
    failed = true;
    console.error(`\nproduction:check FAILED: ${(error as Error).message}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (args.has('--keep')) console.log(`Staged folder kept: ${stage}`);
    else fs.rmSync(stage, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();

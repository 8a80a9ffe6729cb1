import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_WORKSPACES, productionManifest } from './lib/production-manifest.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
type LockEntry = { version?: string; dev?: boolean; devOptional?: boolean; link?: boolean };
const committedLock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

describe('the production install manifest (decision 0148)', () => {
  const { files } = productionManifest(repoRoot);
  const lock = files['package-lock.json'] as {
    packages: Record<string, LockEntry & Record<string, unknown>>;
  };

  it('holds the server and the workspaces it is built from, with no devDependencies or dev scripts', () => {
    expect(Object.keys(files).sort()).toEqual(
      ['package.json', 'package-lock.json', ...PRODUCTION_WORKSPACES.map((w) => `${w}/package.json`)].sort(),
    );
    for (const [name, manifest] of Object.entries(files)) {
      if (name === 'package-lock.json') continue;
      expect(manifest, name).not.toHaveProperty('devDependencies');
    }
    expect((files['apps/server/package.json'] as { scripts?: unknown }).scripts).toBeUndefined();
    expect(lock.packages['']).not.toHaveProperty('devDependencies');
    expect(lock.packages['apps/server']).not.toHaveProperty('devDependencies');
  });

  it('leaves out dev and devOptional packages, the web app and e2e, and keeps every other version as committed', () => {
    const kept = Object.entries(lock.packages).filter(([key]) => key !== '');
    for (const [key, entry] of kept) {
      expect(entry.dev || entry.devOptional, key).toBeFalsy();
      expect(key.startsWith('apps/web') || key.startsWith('e2e') || key === 'node_modules/@hanabi/web').toBe(
        false,
      );
      expect(entry.version, key).toBe(committedLock.packages[key]?.version);
    }
    // The embedded-only parts and the dev tools that runtime packages list as optional peers are gone...
    for (const gone of [
      'node_modules/@electric-sql/pglite',
      'node_modules/blockstore-fs',
      'node_modules/typescript',
      'node_modules/vite',
      'node_modules/vitest',
      'node_modules/drizzle-kit',
      'node_modules/@foundry-rs/anvil',
    ]) {
      expect(lock.packages[gone], gone).toBeUndefined();
    }
    // ...and what the server runs on is there.
    for (const needed of [
      'node_modules/viem',
      'node_modules/fastify',
      'node_modules/pg',
      'node_modules/better-auth',
    ]) {
      expect(lock.packages[needed] ?? lock.packages[`apps/server/${needed}`], needed).toBeDefined();
    }
  });
});

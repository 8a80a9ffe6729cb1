import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtImportProblems, packageName } from './check-built-imports.mjs';

let root: string | undefined;
afterEach(() => void (root && fs.rmSync(root, { recursive: true, force: true })));

function write(relative: string, content: object): void {
  const file = path.join(root!, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(content));
}

/**
 * The layout that once shipped: the server bundles packages/draw, which declares @noble/curves 2.4.0 and has it
 * nested; the tree's root holds 1.9.1 (viem's), which is what dist/main.js would load.
 */
function monorepo(options: { rootCurves: string; drawCurves?: string }) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'built-imports-'));
  write('packages/draw/package.json', { name: '@hanabi/draw', dependencies: { '@noble/curves': '2.4.0' } });
  if (options.drawCurves) {
    write('packages/draw/node_modules/@noble/curves/package.json', { version: options.drawCurves });
  }
  write('node_modules/@noble/curves/package.json', { version: options.rootCurves });
  write('apps/server/package.json', {
    name: '@hanabi/server',
    dependencies: { fastify: '^5.0.0' },
    devDependencies: { '@electric-sql/pglite': '0.5.16' },
  });
  write('node_modules/fastify/package.json', { version: '5.12.8' });
  fs.mkdirSync(path.join(root!, 'apps/server/dist'), { recursive: true });
  return { buildDir: path.join(root, 'apps/server'), runDir: path.join(root, 'apps/server/dist') };
}

const importing = (input: string, ...imports: Array<{ path: string; kind?: string }>) => ({
  [input]: { imports: imports.map((entry) => ({ kind: 'import-statement', external: true, ...entry })) },
});

describe('check-built-imports', () => {
  it('names the package of a specifier', () => {
    expect(packageName('@noble/curves/bls12-381.js')).toBe('@noble/curves');
    expect(packageName('viem/accounts')).toBe('viem');
  });

  it('fails a bundled workspace whose dependency resolves, from dist/, to a version outside its range', () => {
    const dirs = monorepo({ rootCurves: '1.9.1', drawCurves: '2.4.0' });
    const { problems } = builtImportProblems({
      ...dirs,
      metafile: {
        inputs: {
          ...importing('../../packages/draw/src/beacon.ts', { path: '@noble/curves/bls12-381.js' }),
          ...importing('src/app.ts', { path: 'fastify' }, { path: 'node:fs' }, { path: 'crypto' }),
        },
      },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/@hanabi\/draw.*@noble\/curves@1\.9\.1.*outside the declared 2\.4\.0/);
  });

  it('passes when the version found is inside the range', () => {
    const dirs = monorepo({ rootCurves: '2.4.0' });
    const { problems, checked } = builtImportProblems({
      ...dirs,
      metafile: {
        inputs: importing('../../packages/draw/src/beacon.ts', { path: '@noble/curves/bls12-381.js' }),
      },
    });
    expect(problems).toEqual([]);
    expect(checked).toBe(1);
  });

  it('fails an undeclared import and a missing package, but lets an embedded part be absent', () => {
    const dirs = monorepo({ rootCurves: '2.4.0' });
    const { problems } = builtImportProblems({
      ...dirs,
      metafile: {
        inputs: {
          ...importing('src/config.ts', { path: 'viem/accounts' }),
          ...importing('src/db/client.ts', { path: '@electric-sql/pglite', kind: 'dynamic-import' }),
          ...importing('src/db/other.ts', { path: '@electric-sql/pglite' }),
        },
      },
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/imports viem\/accounts, which @hanabi\/server does not declare/);
    expect(problems[1]).toMatch(/other\.ts.*@electric-sql\/pglite, which @hanabi\/server does not declare/);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_WORKSPACES } from './lib/production-manifest.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface LockEntry {
  version?: string;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** Where Node finds `name` from the package installed at `from`: its own node_modules, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[key]) return key;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent >= 0 ? dir.slice(0, parent) : '';
  }
}

/** The lockfile entries a production install loads: what the production workspaces reach, nothing else. */
function reachedInProduction(): string[] {
  const seen = new Set<string>();
  const queue = [...PRODUCTION_WORKSPACES];
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const entry = lock.packages[key]!;
    if (entry.link) {
      queue.push(entry.resolved!);
      continue;
    }
    const required = Object.keys(entry.peerDependencies ?? {}).filter(
      (name) => !entry.peerDependenciesMeta?.[name]?.optional,
    );
    for (const name of [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...required,
    ]) {
      const found = resolve(key, name);
      if (found) queue.push(found);
    }
  }
  return [...seen].filter((key) => key.includes('node_modules/') && !lock.packages[key]!.link);
}

const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
/** semver's "major" for compatibility: 0.x counts its minor (^0.4 and ^0.5 do not overlap). */
const majorOf = (version: string) =>
  version.startsWith('0.') ? version.split('.', 2).join('.') : version.split('.')[0]!;

/**
 * Packages production loads in two incompatible versions, each because the ranges of the packages that need them
 * do not overlap (decision 0223 names who pins what). A new one fails this test: pin or override it where the
 * ranges allow, or add it here with its reason in the decision record.
 */
const KNOWN_DUPLICATES: Record<string, string[]> = {
  '@noble/hashes': ['1', '2'],
  '@noble/curves': ['1', '2'],
  '@noble/ciphers': ['1', '2'],
  multiformats: ['13', '14'],
  '@ipld/dag-cbor': ['10', '9'],
  cborg: ['5', '6'],
  ms: ['2', '4'],
  'readable-stream': ['3', '4'],
  'set-cookie-parser': ['2', '3'],
  'fast-uri': ['3', '4'],
  'base64-js': ['0.0', '1'],
};

describe('the packages a production install loads', () => {
  const reached = reachedInProduction();

  it('hold each package in one major version, except the known duplicates the ranges force', () => {
    const majors = new Map<string, Set<string>>();
    for (const key of reached) {
      const version = lock.packages[key]!.version!;
      const set = majors.get(nameOf(key)) ?? new Set<string>();
      set.add(majorOf(version));
      majors.set(nameOf(key), set);
    }
    const duplicates = Object.fromEntries(
      [...majors].filter(([, set]) => set.size > 1).map(([name, set]) => [name, [...set].sort()]),
    );
    expect(duplicates).toEqual(KNOWN_DUPLICATES);
  });

  // Each one the only version its dependant accepts: weald (kubo-rpc-client's logger) asks for ms
  // ^4.0.0-nightly, and no ms 4 is released; satori pins its own pre-releases of two of its parts.
  it('have no pre-release version but the three their dependants require', () => {
    const prereleases = reached
      .map((key) => `${nameOf(key)}@${lock.packages[key]!.version}`)
      .filter((id) => /@\d+\.\d+\.\d+-/.test(id));
    expect([...new Set(prereleases)].sort()).toEqual([
      '@shuding/opentype.js@1.4.0-beta.0',
      'css-box-shadow@1.0.0-3',
      'ms@4.0.0-nightly.202508271359',
    ]);
  });
});

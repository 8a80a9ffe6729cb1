/**
 * What a first visit to each public page downloads before the page can show (docs/design.md §10), from the Vite
 * manifest of the built web app: the entry chunk, the chunk of the page's route, and every chunk they import
 * statically (recursively), plus their stylesheets. Sizes are of the files as built, gzip level 9 (what the
 * server's precompressed `.gz` holds), so they are deterministic. Shared by `bench:web` and the budget test.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { APP_MODULE, FIRST_LOAD_PAGES } from '../../apps/web/build/first-load-pages.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Public pages a visitor lands on from a link, with the module of their route (one list with the build's). */
export const PUBLIC_PAGES = FIRST_LOAD_PAGES;

export function readManifest(dist = webDist): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of a chunk and everything it imports statically (not its dynamic imports). */
export function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('The Vite manifest has no entry');
  return key;
}

const gzipCache = new Map<string, number>();
export function gzipSize(file: string, dist = webDist): number {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

export interface FirstLoad {
  jsFiles: string[];
  cssFiles: string[];
  jsRaw: number;
  jsGzip: number;
  cssGzip: number;
  /** The stylesheets index.html links in its head (the entry's): the only ones that hold up the first paint. */
  blockingCssGzip: number;
}

/**
 * The app module (`APP_MODULE`) the entry starts with a dynamic import one frame after the first paint (decision
 * 0120) is part of every first load all the same (index.html preloads it), so it is counted with the entry.
 */
export { APP_MODULE };

/** The entry's keys: the entry chunk and the app module it always starts. */
export function entryKeys(manifest: Manifest): string[] {
  return [entryKey(manifest), ...(manifest[APP_MODULE] ? [APP_MODULE] : [])];
}

/** The first load of a page whose route module is `module` (null: the entry alone). */
export function firstLoadOf(manifest: Manifest, module: string | null, dist = webDist): FirstLoad {
  const keys = staticClosure(manifest, [...entryKeys(manifest), ...(module ? [module] : [])]);
  const chunks = [...keys].map((key) => manifest[key]!);
  const jsFiles = chunks.map((chunk) => chunk.file);
  const cssFiles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  return {
    jsFiles,
    cssFiles,
    jsRaw: jsFiles.reduce((sum, file) => sum + fs.statSync(path.join(dist, file)).size, 0),
    jsGzip: jsFiles.reduce((sum, file) => sum + gzipSize(file, dist), 0),
    cssGzip: cssFiles.reduce((sum, file) => sum + gzipSize(file, dist), 0),
    blockingCssGzip: (manifest[entryKey(manifest)]!.css ?? []).reduce(
      (sum, file) => sum + gzipSize(file, dist),
      0,
    ),
  };
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * First-load size of the web app: `npm run bench:web` (part one; DESIGN section 10).
 *
 * Reads the built `apps/web/dist/index.html` (building it first when missing) and adds up what a first visit
 * downloads before any route's own chunk: the entry script, every `modulepreload`, and the stylesheets — raw,
 * gzip and brotli (what a compressing proxy or CDN would send). Then the largest lazy chunks, so a page that
 * pulls a heavy library shows up.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'apps/web/dist');

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function sizeOf(file: string): AssetSize {
  const bytes = fs.readFileSync(path.join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes).length,
  };
}

/** The files index.html makes the browser fetch at once (script, module preloads, stylesheets). */
export function firstLoadFiles(indexHtml: string): string[] {
  const files = new Set<string>();
  for (const match of indexHtml.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = /rel="modulepreload"/.test(tag);
    const isStyle = /rel="stylesheet"/.test(tag);
    if (!isScript && !isPreload && !isStyle) continue;
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith('/assets/')) files.add(url.slice(1));
  }
  return [...files];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  process.stdout.write('Building the web app first…\n');
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}
const indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const first = firstLoadFiles(indexHtml).map(sizeOf);
const total = first.reduce(
  (sum, item) => ({ raw: sum.raw + item.raw, gzip: sum.gzip + item.gzip, brotli: sum.brotli + item.brotli }),
  { raw: 0, gzip: 0, brotli: 0 },
);
const js = first.filter((item) => item.file.endsWith('.js'));
process.stdout.write(
  `\nFirst load of the web app (${first.length} files before any route chunk: ${js.length} scripts)\n` +
    `  JavaScript + CSS: ${kib(total.raw)} raw, ${kib(total.gzip)} gzip, ${kib(total.brotli)} brotli\n` +
    `  JavaScript only:  ${kib(js.reduce((s, i) => s + i.raw, 0))} raw, ` +
    `${kib(js.reduce((s, i) => s + i.gzip, 0))} gzip\n`,
);
const firstSet = new Set(first.map((item) => item.file));
const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((file) => file.endsWith('.js') && !firstSet.has(`assets/${file}`))
  .map((file) => sizeOf(`assets/${file}`))
  .sort((a, b) => b.gzip - a.gzip)
  .slice(0, 5);
process.stdout.write('  Largest lazy chunks (gzip): ');
process.stdout.write(`${lazy.map((item) => `${path.basename(item.file)} ${kib(item.gzip)}`).join(', ')}\n`);

/**
 * First-load size of the web app: `npm run bench:web` (part one; docs/design.md §10).
 *
 * Builds what changed, then prints for each public page what its first visit downloads before it can show —
 * the entry chunk, the page's route chunk and their static imports, from the Vite manifest — as raw, gzip (the
 * precompressed `.gz` the server sends) and brotli (`.br`). Then the largest lazy chunks, so a page that pulls a
 * heavy library shows up. The budget test (`first-load-budget.test.ts`) fails the build on the same figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PUBLIC_PAGES, firstLoadOf, kib, readManifest, webDist } from './first-load.ts';
import { FIRST_LOAD_BUDGET_BYTES } from './first-load-budget.limits.ts';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildAll } from '../../scripts/lib/build-steps.mjs';

(buildAll as () => string[])();
const manifest = readManifest();
const sizeOnDisk = (file: string) => fs.statSync(path.join(webDist, file)).size;
const brotliOf = (files: string[]) =>
  files.reduce((sum, file) => {
    const br = path.join(webDist, `${file}.br`);
    return sum + (fs.existsSync(br) ? fs.statSync(br).size : sizeOnDisk(file));
  }, 0);

process.stdout.write(
  `\nFirst load per public page (JS = entry + route chunk + static imports; budget up to ${kib(FIRST_LOAD_BUDGET_BYTES)} gzip, per page in first-load-budget.limits.ts)\n` +
    `  ${'page'.padEnd(26)} ${'files'.padStart(5)} ${'JS raw'.padStart(11)} ${'JS gzip'.padStart(11)} ` +
    `${'JS br'.padStart(11)} ${'CSS gzip'.padStart(11)} ${'blocking'.padStart(9)}\n`,
);
for (const { page, module } of PUBLIC_PAGES) {
  const load = firstLoadOf(manifest, module);
  process.stdout.write(
    `  ${page.padEnd(26)} ${String(load.jsFiles.length).padStart(5)} ${kib(load.jsRaw).padStart(11)} ` +
      `${kib(load.jsGzip).padStart(11)} ${kib(brotliOf(load.jsFiles)).padStart(11)} ${kib(load.cssGzip).padStart(11)} ${kib(load.blockingCssGzip).padStart(9)}\n`,
  );
}
const firstFiles = new Set(PUBLIC_PAGES.flatMap(({ module }) => firstLoadOf(manifest, module).jsFiles));
const lazy = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && !firstFiles.has(file))
  .map((file) => ({ file, raw: sizeOnDisk(file), br: brotliOf([file]) }))
  .sort((a, b) => b.raw - a.raw)
  .slice(0, 5);
process.stdout.write(
  `  Largest lazy chunks (raw / br): ${lazy.map((c) => `${path.basename(c.file)} ${kib(c.raw)} / ${kib(c.br)}`).join(', ')}\n`,
);

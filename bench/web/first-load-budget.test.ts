import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_PAGES,
  entryKey,
  firstLoadOf,
  gzipSize,
  kib,
  readManifest,
  staticClosure,
  webDist,
  type Manifest,
} from './first-load.ts';
import { FIRST_LOAD_GOAL_BYTES, firstLoadBudgetBytes } from './first-load-budget.limits.ts';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { buildAll } from '../../scripts/lib/build-steps.mjs';

/** Render-blocking CSS (gzip): Mantine's variables and baseline and the app's rules (decision 0191). */
const BLOCKING_CSS_BUDGET_BYTES = 8 * 1024;
/** No built chunk may exceed this (raw): a chunk that large means a library was not split off. */
const CHUNK_LIMIT_BYTES = 500 * 1000;
/**
 * Strings only these libraries' code contains: wallet and chain code, charts, zod (the contract's schemas), the
 * scroll lock of modals and drawers (decision 0197) and floating-ui (tooltips, popovers, menus).
 */
const HEAVY_MARKERS = {
  viem: 'viem@',
  wagmi: 'wagmi',
  recharts: 'recharts-',
  zod: '$ZodObject',
  'react-remove-scroll': 'data-scroll-locked',
  'floating-ui': 'data-floating-ui-focusable',
};

let manifest: Manifest;

beforeAll(() => {
  // Incremental: a no-op when the build is current (the same stamp `npm run build` uses).
  (buildAll as (options?: { force?: boolean }) => string[])();
  manifest = readManifest();
}, 300_000);

describe('first load of the public pages (sizes from the Vite manifest, gzip)', () => {
  it.each(PUBLIC_PAGES)('$page stays within its first-load JS budget', ({ page, module }) => {
    const load = firstLoadOf(manifest, module);
    const budget = firstLoadBudgetBytes(page);
    expect(
      load.jsGzip,
      `${module}: ${kib(load.jsGzip)} first-load JS over ${kib(budget)}`,
    ).toBeLessThanOrEqual(budget);
  });

  it.each(PUBLIC_PAGES)(
    '$page meets the goal of issue 16 (≤ 150 KB gzip), and so does its budget',
    ({ page }) => {
      expect(firstLoadBudgetBytes(page)).toBeLessThanOrEqual(FIRST_LOAD_GOAL_BYTES);
    },
  );

  it("index.html fetches the whole app at once: the entry's script and a modulepreload for the rest", () => {
    // The entry starts the app one frame after the first paint (decision 0120); without these links the app's
    // chunks would be fetched only then, one round trip after the other.
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const linked = new Set(
      [
        ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="\/([^"]+)"/g),
      ].map((match) => match[1]),
    );
    const entry = firstLoadOf(manifest, null);
    // The entry, and the app in a handful of files (the chunk plan, decision 0198; 27 files without it).
    expect(entry.jsFiles.length).toBeGreaterThan(1);
    expect(entry.jsFiles.length).toBeLessThanOrEqual(5);
    for (const file of entry.jsFiles)
      expect(linked.has(file), `${file} is not linked by index.html`).toBe(true);
    // Only what the first paint needs holds it up (decision 0191); the app's stylesheet is preloaded.
    const blocking = manifest[entryKey(manifest)]!.css ?? [];
    expect(blocking.length).toBeGreaterThan(0);
    for (const file of entry.cssFiles) {
      expect(html).toContain(
        blocking.includes(file)
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : `<link rel="preload" as="style" crossorigin href="/${file}">`,
      );
    }
    expect(entry.cssFiles.length).toBeGreaterThan(blocking.length);
  });

  it('the entry waits for no app code: its static imports are a few KiB (decision 0120, 0198)', () => {
    // It starts the app one frame after a server-drawn first paint; importing the app's chunk statically (as the
    // chunk plan once did, through Vite's preload helper) would fetch and run the whole app before that frame.
    const files = [...staticClosure(manifest, [entryKey(manifest)])].map((key) => manifest[key]!.file);
    const gzip = files.reduce((sum, file) => sum + gzipSize(file), 0);
    expect(gzip, `the entry with its static imports: ${files.join(', ')} (${kib(gzip)})`).toBeLessThanOrEqual(
      4 * 1024,
    );
  });

  it('the stylesheet that holds up the first paint is small: variables, baseline, the app’s own rules', () => {
    const blocking = firstLoadOf(manifest, null).blockingCssGzip;
    expect(blocking, `render-blocking CSS ${kib(blocking)}`).toBeLessThanOrEqual(BLOCKING_CSS_BUDGET_BYTES);
  });

  it.each(PUBLIC_PAGES)(
    '$page loads no wallet, chain, chart, schema, scroll-lock or floating code up front',
    ({ module }) => {
      const load = firstLoadOf(manifest, module);
      for (const file of load.jsFiles) {
        const text = fs.readFileSync(path.join(webDist, file), 'utf8');
        for (const [library, marker] of Object.entries(HEAVY_MARKERS)) {
          expect(text.includes(marker), `${file} (first load of ${module}) holds ${library}`).toBe(false);
        }
      }
    },
  );

  it('keeps the messages the first load does not name in their own lazy chunks, one per language (decision 0190)', () => {
    const later = Object.values(manifest).filter((chunk) => /hanabi-messages_(ja|en)_later/.test(chunk.file));
    expect(later).toHaveLength(2);
    for (const { module } of PUBLIC_PAGES) {
      const files = firstLoadOf(manifest, module).jsFiles;
      expect(files.filter((file) => later.some((chunk) => chunk.file === file))).toEqual([]);
    }
  });

  it('has no chunk over 500 kB raw', () => {
    const chunks = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    const oversized = chunks
      .map((chunk) => ({ file: chunk.file, size: fs.statSync(path.join(webDist, chunk.file)).size }))
      .filter((chunk) => chunk.size > CHUNK_LIMIT_BYTES);
    expect(oversized).toEqual([]);
  });

  it('writes a .br and a .gz beside every text asset of the first load', () => {
    const load = firstLoadOf(manifest, PUBLIC_PAGES[1].module);
    for (const file of [...load.jsFiles, ...load.cssFiles, 'index.html']) {
      for (const suffix of ['.br', '.gz']) {
        expect(fs.existsSync(path.join(webDist, `${file}${suffix}`)), `${file}${suffix}`).toBe(true);
      }
    }
  });
});

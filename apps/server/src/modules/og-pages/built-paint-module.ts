import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { FIRST_PAINT_DIR } from './static-page-paint.ts';

const loaded = new Map<string, { mtimeMs: number; module: Promise<unknown> }>();

/**
 * A first paint the web build wrote as code (`dist/.first-paint/{name}.mjs`): a page whose first screen depends on
 * its data (the draw proof page, decision 0194), drawn by the web's own markup and messages, which the server only
 * calls. Imported once per build (a new build's file has a new mtime, so a new URL: the old module stays in Node's
 * module cache, a few KiB per deploy of a long-lived process). Null when the build has none (an older or hand-made
 * build) or it does not load; the page is then the plain app shell.
 */
export async function builtPaintModule<T>(webDist: string | undefined, name: string): Promise<T | null> {
  if (!webDist) return null;
  const file = path.join(webDist, FIRST_PAINT_DIR, `${name}.mjs`);
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return null;
  let hit = loaded.get(file);
  if (hit?.mtimeMs !== mtimeMs) {
    hit = { mtimeMs, module: import(`${pathToFileURL(file).href}?v=${mtimeMs}`).catch(() => null) };
    loaded.set(file, hit);
  }
  return (await hit.module) as T | null;
}

import { pathToFileURL } from 'node:url';
import { fromBuiltPaint } from './static-page-paint.ts';

/**
 * A first paint the web build wrote as code (`dist/.first-paint/{name}.mjs`): a page whose first screen depends on
 * its data (the draw proof page, decision 0194), drawn by the web's own markup and messages, which the server only
 * calls. Imported once per build (a new build's file has a new mtime, so a new URL: the old module stays in Node's
 * module cache, a few KiB per deploy of a long-lived process). Null when the build has none (an older or hand-made
 * build) or it does not load; the page is then the plain app shell.
 */
export async function builtPaintModule<T>(webDist: string | undefined, name: string): Promise<T | null> {
  const module = fromBuiltPaint(webDist, `${name}.mjs`, (file, mtimeMs) =>
    import(`${pathToFileURL(file).href}?v=${mtimeMs}`).catch(() => null),
  );
  return ((await module) ?? null) as T | null;
}

import fs from 'node:fs';
import path from 'node:path';
import { PAGE_DATA_ELEMENT_ID } from '@hanabi/api';
import { escapeHtml } from './og-tags.ts';

/**
 * A public page's first paint rendered by the server (decision 0101): the page's largest content (title,
 * pictures) inside `#root` before any script runs, so a phone shows it — and Lighthouse takes it as LCP —
 * while the app's JavaScript is still on its way. React's `createRoot` replaces it on mount. Every text and
 * URL is escaped here; callers pass plain values.
 */
export interface FirstPaint {
  /** Markup for inside `#root` (already escaped). */
  markup: string;
  /** Pictures of the first screen, fetched at once (`<link rel=preload as=image>`). */
  preloadImages: string[];
  /** The language it is drawn in, for `<html lang>` (the shell says `ja`); decision 0120. */
  lang?: string;
  /** The route module whose scripts to preload when it is not the page's own (a sign-in step); decision 0120. */
  routeModule?: string;
  /**
   * Public reads the page needs first, written into it as JSON (decision 0113) so the app does not ask for them
   * again: the same bodies the API answers to a signed-out caller.
   */
  data?: Record<string, unknown>;
  /** What the paint was made from (its reads' ETags): the same version gives the same page, memoised. */
  version?: string;
}

/**
 * The page's data as a JSON script element. JSON is not HTML: `<` is written as `\u003c` (so a `</script>` or
 * `<!--` in a title cannot end or change the element) and so are the line separators old parsers choke on.
 */
export function pageDataScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

/** A picture's URL as given by our storage: a path on this site or http(s); anything else is dropped. */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : null;
}

/**
 * The frame the app shell draws (header 60 px with the brand, main with `md` padding, container `lg`), in plain
 * markup with Mantine's CSS variables (its stylesheet is already in the head), around the page's content. With
 * `navbar` (an area's page, decision 0193), the shell's navbar too: the burger before the brand on a phone, the
 * 240 px column from the `sm` breakpoint on, so the content sits where the app's will.
 */
export function firstPaintFrame(content: string, { navbar = false }: { navbar?: boolean } = {}): string {
  const navbarStyle = navbar
    ? [
        '.fp-burger{flex-shrink:0;width:28px;height:28px;margin-right:var(--mantine-spacing-sm);',
        'background:linear-gradient(currentColor,currentColor) 5px 8px/18px 2px no-repeat,',
        'linear-gradient(currentColor,currentColor) 5px 13px/18px 2px no-repeat,',
        'linear-gradient(currentColor,currentColor) 5px 18px/18px 2px no-repeat}',
        '.fp-navbar{display:none}',
        '@media (min-width:48em){.fp-burger{display:none}',
        '.fp-navbar{display:block;position:fixed;top:60px;bottom:0;left:0;width:240px;',
        'border-right:1px solid var(--mantine-color-gray-3);background:var(--mantine-color-body)}',
        '.fp-main{padding-left:calc(240px + var(--mantine-spacing-md))}}',
      ].join('')
    : '';
  return [
    '<div data-first-paint="" aria-busy="true">',
    '<style>',
    '.fp-header{position:fixed;top:0;left:0;right:0;height:60px;display:flex;align-items:center;',
    'padding:0 var(--mantine-spacing-md);background:var(--mantine-color-body);',
    'border-bottom:1px solid var(--mantine-color-gray-3);z-index:100}',
    '.fp-main{padding:calc(60px + var(--mantine-spacing-md)) var(--mantine-spacing-md) var(--mantine-spacing-md)}',
    '.fp-page{max-width:calc(71.25rem * var(--mantine-scale));margin:0 auto;display:flex;flex-direction:column;',
    'gap:var(--mantine-spacing-lg)}',
    '.fp-title{font-size:var(--mantine-h2-font-size);line-height:var(--mantine-h2-line-height);',
    'font-weight:700;margin:0 0 var(--mantine-spacing-lg);overflow-wrap:anywhere}',
    '.fp-cover{aspect-ratio:16/9;max-height:320px;width:100%;min-height:0;overflow:hidden}',
    '.fp-cover img,.fp-square img{width:100%;height:100%;object-fit:cover;display:block}',
    '.fp-cover img{border-radius:var(--mantine-radius-md)}',
    '.fp-grid{display:grid;grid-template-columns:1fr;gap:var(--mantine-spacing-lg)}',
    '@media (min-width:48em){.fp-grid{grid-template-columns:1fr 1fr}}',
    '.fp-card{border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-md);',
    'overflow:hidden;background:var(--mantine-color-body)}',
    '.fp-square{aspect-ratio:1}',
    '.fp-card-body{padding:var(--mantine-spacing-md);overflow-wrap:anywhere}',
    '.fp-muted{color:var(--mantine-color-dimmed);font-size:var(--mantine-font-size-sm);margin:0}',
    '.fp-strong{font-weight:600;margin:0}',
    navbarStyle,
    '</style>',
    `<header class="fp-header">${navbar ? '<span class="fp-burger"></span>' : ''}`,
    '<a href="/" class="brand-mark" aria-label="Hanabi">',
    '<img src="/favicon.svg" alt="" width="28" height="28" /><span class="brand-name">Hanabi</span></a></header>',
    navbar ? '<div class="fp-navbar"></div>' : '',
    `<main class="fp-main"><div class="fp-page">${content}</div></main>`,
    '</div>',
  ].join('');
}

export function firstPaintTitle(title: string): string {
  return `<h1 class="fp-title">${escapeHtml(title)}</h1>`;
}

/** A picture in a box of fixed aspect ratio (16:9 cover, or square), with its intrinsic size for the browser. */
export function firstPaintPicture(
  url: string,
  alt: string,
  shape: 'cover' | 'square',
  size: { width: number; height: number },
): string {
  const image =
    `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" width="${size.width}" ` +
    `height="${size.height}" fetchpriority="high" />`;
  return `<div class="fp-${shape}">${image}</div>`;
}

export function firstPaintText(text: string, kind: 'muted' | 'strong'): string {
  return `<p class="fp-${kind}">${escapeHtml(text)}</p>`;
}

/**
 * index.html with the first paint inside `#root` and a preload for each picture first in the head. Without a paint
 * the route's scripts are `modulepreload`ed (fetched with the entry, not after it). With one, the app's scripts
 * wait until the paint is on screen (decision 0120): the shell's `modulepreload` links and stylesheet preloads
 * (decision 0191) are dropped and the route's scripts are listed in `<meta name="hanabi-preload">`, which the
 * entry (`src/boot.ts`) preloads together with the app one frame after the first paint. Unchanged when the page has no `<div id="root"></div>`.
 */
export function injectFirstPaint(indexHtml: string, paint: FirstPaint | null, modules: string[]): string {
  // Pictures first in the head: their fetch starts before the scripts' (which the page needs later).
  const images = (paint?.preloadImages ?? []).map(
    (url) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}">`,
  );
  const scripts = paint
    ? modules.length > 0
      ? [`<meta name="hanabi-preload" content="${escapeHtml(modules.join(' '))}">`]
      : []
    : modules.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`);
  let html = indexHtml;
  if (paint) html = html.replace(/^\s*<link rel="(?:modulepreload|preload" as="style)"[^>]*>\n?/gm, '');
  if (images.length > 0) html = html.replace(/<head>/i, (head) => `${head}\n    ${images.join('\n    ')}`);
  const painted = hoistStyles(paint?.markup ?? '');
  if (painted.style) {
    html = html.replace(
      /<\/head>/i,
      () => `  <style data-first-paint-style="">${painted.style}</style>\n  </head>`,
    );
  }
  if (scripts.length > 0) html = html.replace(/<\/head>/i, () => `  ${scripts.join('\n    ')}\n  </head>`);
  if (paint) {
    const data = paint.data ? pageDataScript(paint.data) : '';
    html = html.replace('<div id="root"></div>', () => `<div id="root">${painted.markup}</div>${data}`);
  }
  if (paint?.lang && /^[a-z]{2}$/.test(paint.lang)) {
    html = html.replace(/<html lang="[a-z]{2}"/, `<html lang="${paint.lang}"`);
  }
  return html;
}

/**
 * The paint's `<style>` elements taken out of its markup, their rules joined for one `<style>` in the head: HTML
 * allows `<style>` only there (decision 0218). Its rules match only the paint's own `fp-` classes, so left in the
 * head once React has replaced the paint they style nothing. The markup is ours (every text in it escaped), so a
 * `<style>` in it is one the paint wrote.
 */
export function hoistStyles(markup: string): { markup: string; style: string } {
  const rules: string[] = [];
  const rest = markup.replace(/<style>([\s\S]*?)<\/style>/g, (_element, css: string) => {
    rules.push(css);
    return '';
  });
  return { markup: rest, style: rules.join('') };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The scripts a route module needs beyond the entry's (its chunk and its static imports, recursively), from the
 * Vite manifest of the build; cached until the manifest changes. Empty without a build or for an unknown module.
 */
export function routeModulePreloads(webDist: string | undefined) {
  let cached: { mtimeMs: number; manifest: Record<string, ManifestChunk> } | null = null;
  const read = (): Record<string, ManifestChunk> | null => {
    if (!webDist) return null;
    const file = path.join(webDist, '.vite/manifest.json');
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.mtimeMs !== mtimeMs) {
        cached = {
          mtimeMs,
          manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>,
        };
      }
      return cached.manifest;
    } catch {
      return null;
    }
  };
  const closure = (manifest: Record<string, ManifestChunk>, keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  return (routeModule: string): string[] => {
    const manifest = read();
    if (!manifest?.[routeModule]) return [];
    // The entry and the app module it starts (preloaded by index.html itself, decision 0120).
    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry || key === 'src/main.tsx');
    const loaded = closure(manifest, entries);
    return [...closure(manifest, [routeModule])]
      .filter((key) => !loaded.has(key))
      .map((key) => `/${manifest[key]!.file}`);
  };
}

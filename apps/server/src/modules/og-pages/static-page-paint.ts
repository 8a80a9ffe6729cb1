import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appShellOf } from '../../http/web-app.ts';
import { sendNothingHere } from '../../http/error-handler.ts';
import { sendHtml } from '../../http/read-cache.ts';
import { AUTH_COOKIE_PREFIX } from '../identity/index.ts';
import { firstPaintFrame, injectFirstPaint, routeModulePreloads } from './first-paint.ts';
import { paintLocale, type OgLocale as PaintLocale } from './og-locale.ts';

/** Where the web build writes each static page's first paint per language (`apps/web/build/first-paint.plugin.ts`). */
export const FIRST_PAINT_DIR = '.first-paint';
/** better-auth's session cookie (`__Secure-` prefixed when cookies are secure). */
const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);

/** Whether the request carries a session (its page is the signed-in one, which the server does not draw). */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return !!cookieHeader && SESSION_COOKIE.test(cookieHeader);
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

const builtFiles = new Map<string, { mtimeMs: number; value: unknown }>();

/**
 * A file of the build's first paints (`dist/.first-paint/{fileName}`), turned into a value by `load` once per
 * build: a new build's file has a new mtime. Null when the build has none (an older or hand-made build).
 */
export function fromBuiltPaint<V>(
  webDist: string | undefined,
  fileName: string,
  load: (file: string, mtimeMs: number) => V,
): V | null {
  if (!webDist) return null;
  const file = path.join(webDist, FIRST_PAINT_DIR, fileName);
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs === undefined) return null;
  let cached = builtFiles.get(file);
  if (cached?.mtimeMs !== mtimeMs) {
    cached = { mtimeMs, value: load(file, mtimeMs) };
    builtFiles.set(file, cached);
  }
  return cached.value as V;
}

/** A first paint the web build wrote as markup (`{name}.html`), cached until the file changes. */
export function builtFirstPaint(webDist: string | undefined, name: string): string | null {
  return fromBuiltPaint(webDist, `${name}.html`, (file) => fs.readFileSync(file, 'utf8'));
}

interface PaintedPage {
  html: string;
  etag: string;
}

/**
 * A public page whose first screen is the same for everyone (the landing page), drawn by the server before any
 * script runs (decision 0120): index.html with the build's first paint of the visitor's language in `#root`,
 * `<html lang>` set to it, and the route's scripts preloaded. Built once per build and language (a burst of
 * visitors costs a map lookup); `no-cache` with an ETag, varying by the language cookie. Without the build's
 * paint (an older or hand-made build) it is the plain app shell.
 */
export function registerStaticPagePaint(
  app: FastifyInstance,
  url: string,
  options: {
    webDist: string | undefined;
    paint: string;
    routeModule: string;
    /** Drawn only for a visitor without a session (the page differs once signed in; decision 0193). */
    signedOutOnly?: boolean;
    /** The page is an area's: the shell has its navbar (`firstPaintFrame`). */
    navbar?: boolean;
  },
): void {
  const preloads = routeModulePreloads(options.webDist);
  const cache = new Map<PaintLocale | 'none', PaintedPage>();
  let cachedShell = '';
  const pageFor = (shellEtag: string, shellHtml: string, locale: PaintLocale | 'none'): PaintedPage => {
    // Only the current build's pages are kept.
    if (shellEtag !== cachedShell) {
      cache.clear();
      cachedShell = shellEtag;
    }
    let page = cache.get(locale);
    if (!page) {
      const content =
        locale === 'none' ? null : builtFirstPaint(options.webDist, `${options.paint}.${locale}`);
      const html = injectFirstPaint(
        shellHtml,
        content === null
          ? null
          : {
              markup: firstPaintFrame(content, { navbar: options.navbar }),
              preloadImages: [],
              lang: locale,
            },
        preloads(options.routeModule),
      );
      const digest = crypto.createHash('sha256').update(html).digest('base64url').slice(0, 22);
      page = { html, etag: `W/"${digest}"` };
      cache.set(locale, page);
    }
    return page;
  };

  app.route({
    method: 'GET',
    url,
    // The app shell for people: outside the per-IP API budget, like every other page and static file.
    config: { access: 'public', sessionless: true, outsideRateLimit: true },
    schema: { hide: true },
    handler: async (request, reply) => {
      const shell = appShellOf(options.webDist);
      if (!shell || !acceptsHtml(request)) {
        return sendNothingHere(request, reply);
      }
      const cookies = request.headers.cookie;
      const locale = options.signedOutOnly && hasSessionCookie(cookies) ? 'none' : paintLocale(cookies);
      const page = pageFor(shell.identity.etag, shell.identity.body.toString('utf8'), locale);
      // Compressed once per page and encoding, revalidated by ETag (304), like the other painted pages.
      return sendHtml(request, reply, page.html, page.etag, 'accept-encoding, cookie');
    },
  });
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { registerPublicPlugin } from './public-routes.ts';
import { sendNothingHere } from './error-handler.ts';

/** Vite's content-hashed build files (and their precompressed `.br`/`.gz` siblings): never change. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|ttf|png|svg|jpg|webp)(\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

type ShellEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to send, from `Accept-Encoding` (brotli first, then gzip; an explicit `q=0` refuses one). The
 * same preference as @fastify/static's for the other files.
 */
export function pickEncoding(header: string | undefined): ShellEncoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

interface ShellVariant {
  body: Buffer;
  etag: string;
}

/**
 * index.html in each encoding, from the build's precompressed files when present (else compressed here once),
 * cached until the file changes (a rebuild needs no restart; its time is checked at most once a second, so a
 * burst of page opens costs no file system calls). Null while there is no index.html.
 */
function appShellCache(indexFile: string) {
  let cached: { mtimeMs: number; variants: Record<ShellEncoding, ShellVariant> } | null = null;
  let checkedAt = -Infinity;
  const variant = (body: Buffer, tag: string): ShellVariant => ({
    body,
    etag: `W/"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}-${tag}"`,
  });
  const readOr = (file: string, make: () => Buffer) => (fs.existsSync(file) ? fs.readFileSync(file) : make());
  return (): Record<ShellEncoding, ShellVariant> | null => {
    const now = Date.now();
    if (now - checkedAt < 1000) return cached?.variants ?? null;
    checkedAt = now;
    const mtimeMs = fs.statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) {
      cached = null;
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const raw = fs.readFileSync(indexFile);
      cached = {
        mtimeMs,
        variants: {
          identity: variant(raw, 'id'),
          br: variant(
            readOr(`${indexFile}.br`, () => zlibSync('br', raw)),
            'br',
          ),
          gzip: variant(
            readOr(`${indexFile}.gz`, () => zlibSync('gzip', raw)),
            'gz',
          ),
        },
      };
    }
    return cached.variants;
  };
}

const shells = new Map<string, ReturnType<typeof appShellCache>>();

/** The app shell of a build folder in every encoding (one cache per folder), or null when it has none. */
export function appShellOf(webDist: string | undefined): Record<ShellEncoding, ShellVariant> | null {
  if (!webDist) return null;
  let shell = shells.get(webDist);
  if (!shell) {
    shell = appShellCache(path.join(webDist, 'index.html'));
    shells.set(webDist, shell);
  }
  return shell();
}

/** Fallback when the build has no precompressed index.html (an older build or a hand-made dist). */
function zlibSync(kind: 'br' | 'gzip', raw: Buffer): Buffer {
  return kind === 'br' ? zlib.brotliCompressSync(raw) : zlib.gzipSync(raw, { level: 9 });
}

const SERVER_PREFIXES = ['/api/', '/assets/', '/sandbox/', '/ipfs/', '/files/'];

/** A GET for a page of the SPA: not the API, not a build file that is missing (those stay 404). */
function wantsAppShell(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // Server-owned prefixes answer for themselves (a sandbox that is not mounted must stay a 404, not the app).
  if (pathname === '/api' || SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return false;
  // A missing file (`/favicon.ico`, `/x.js`) is a 404, not the app: a script tag must never get HTML.
  if (/\.[A-Za-z0-9]{1,10}$/.test(pathname)) return false;
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

export function sendAppShell(
  request: FastifyRequest,
  reply: FastifyReply,
  variants: Record<ShellEncoding, ShellVariant>,
) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const chosen = variants[encoding];
  reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', chosen.etag)
    .type('text/html; charset=utf-8');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (request.headers['if-none-match'] === chosen.etag) return reply.code(304).send();
  reply.header('content-length', chosen.body.length);
  return reply.send(chosen.body);
}

/**
 * Serves the built SPA like a CDN would: the precompressed `.br`/`.gz` variant the browser accepts (with
 * `Vary: Accept-Encoding` and that file's length and ETag), hashed build files cached for a year, everything else
 * revalidated. Static files and the app shell are outside the per-IP API rate limit (`outsideRateLimit`).
 * Unknown API paths are 404 envelopes; any other page GET that accepts HTML (or anything) gets index.html so the
 * client router can take over.
 */
export async function installWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && fs.existsSync(path.join(webDist, 'index.html'));

  if (hasWeb) {
    await registerPublicPlugin(
      app,
      async (scope) => {
        await scope.register(fastifyStatic, {
          root: webDist!,
          wildcard: false,
          index: false,
          preCompressed: true,
          setHeaders(res, filePath) {
            res.header(
              'cache-control',
              HASHED_ASSET.test(filePath) ? IMMUTABLE : 'public, max-age=0, must-revalidate',
            );
          },
        });
      },
      { sessionless: true, outsideRateLimit: true },
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const shell = hasWeb && wantsAppShell(request, pathname) ? appShellOf(webDist) : null;
    if (shell) return sendAppShell(request, reply, shell);
    return sendNothingHere(request, reply);
  });
}

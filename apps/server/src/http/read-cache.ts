import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from './web-app.ts';

/** One cached public answer: the JSON text (serialised once), its ETag, the value (for merges) and expiry. */
export interface CachedRead<V> {
  value: V;
  json: string;
  etag: string;
  /** Epoch ms after which the next read loads again. */
  expiresAt: number;
}

export interface ReadCacheOptions {
  /** How long an entry is served without asking the database (bounds staleness of changes not invalidated). */
  ttlMs: number;
  /** Entries kept; the oldest go first. */
  maxEntries: number;
  clock?: () => number;
}

/**
 * A small in-process cache of public reads, so one process absorbs a burst of identical requests: an entry is
 * loaded once (concurrent misses share the one load), serialised once, and served until it expires or is
 * invalidated. A load that was running when its key was invalidated is not stored (it may have read the old
 * row), so a change is never hidden by a slow reader. `load` may answer `null` (nothing public there): that is
 * cached too, so unknown ids do not reach the database on every request either; `expiresAt` of the value may
 * be cut shorter by `expiry` (e.g. a campaign's next status change by time).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, CachedRead<V | null>>();
  private readonly loading = new Map<
    string,
    { generation: number; promise: Promise<CachedRead<V | null>> }
  >();
  /** Bumped by every invalidation; a load started under an older generation is not stored. */
  private generation = 0;
  private readonly keyGeneration = new Map<string, number>();
  private readonly clock: () => number;

  constructor(
    readonly name: string,
    private readonly options: ReadCacheOptions & { expiry?: (value: V) => number | null },
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** The entry for `key`, loading it (once, however many ask at the same time) when missing or expired. */
  async get(key: string, load: () => Promise<V | null>): Promise<CachedRead<V | null>> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit;
    const running = this.loading.get(key);
    if (running && running.generation === this.generationOf(key)) return running.promise;
    const generation = this.generationOf(key);
    const promise = load().then(
      (value) => {
        const entry = this.entryOf(value);
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        if (generation === this.generationOf(key)) this.store(key, entry);
        return entry;
      },
      (error: unknown) => {
        if (this.loading.get(key)?.promise === promise) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, { generation, promise });
    return promise;
  }

  /** Forgets one key (and makes a load of it running now not count). */
  invalidate(key: string): void {
    this.keyGeneration.set(key, (this.keyGeneration.get(key) ?? 0) + 1);
    this.entries.delete(key);
    this.loading.delete(key);
    // The per-key counters only matter while a load runs; keep the map from growing without bound.
    if (this.keyGeneration.size > this.options.maxEntries * 4) this.keyGeneration.clear();
  }

  /** Forgets everything (a change that may touch any entry, e.g. any campaign for the lists). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private generationOf(key: string): number {
    return this.generation * 1_000_003 + (this.keyGeneration.get(key) ?? 0);
  }

  private entryOf(value: V | null): CachedRead<V | null> {
    const json = JSON.stringify(value);
    const now = this.clock();
    let expiresAt = now + this.options.ttlMs;
    const cut = value === null ? null : (this.options.expiry?.(value) ?? null);
    if (cut !== null && cut > now) expiresAt = Math.min(expiresAt, cut);
    return { value, json, etag: etagOf(json), expiresAt };
  }

  private store(key: string, entry: CachedRead<V | null>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** A weak ETag of a JSON body (same body, same tag, in every process). */
export function etagOf(json: string): string {
  return `W/"${crypto.createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
}

/** Short shared caching: browsers and proxies may reuse for a few seconds and revalidate in the background. */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=5, stale-while-revalidate=30';

/**
 * Answers a JSON body already serialised (no second serialisation or validation), with its ETag: 304 without
 * a body when the caller already has it. `shared` false (a body merged for one signed-in viewer) keeps proxies
 * from storing it.
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  etag: string,
  shared: boolean,
): FastifyReply {
  reply.header('etag', etag);
  reply.header('cache-control', shared ? PUBLIC_READ_CACHE_CONTROL : 'private, no-cache');
  // Credentials decide whether a viewer-specific body is answered; the encoding which bytes.
  reply.header('vary', 'cookie, authorization, accept-encoding');
  reply.type('application/json; charset=utf-8');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  // Above a kilobyte (the API's compression threshold, decision 0081) browsers get it compressed: once per body,
  // not per answer (compressing on every answer cost four times the rest of a cached read).
  const encoding =
    json.length >= COMPRESS_ABOVE ? pickEncoding(request.headers['accept-encoding']) : 'identity';
  if (encoding !== 'identity') {
    return reply.header('content-encoding', encoding).send(compressedOf(json, etag, encoding));
  }
  // A string with a JSON content type is sent as it is: no second serialisation or validation.
  return reply.send(json);
}

/**
 * A page put together by the server (the campaign page's first paint): revalidated on every open (`no-cache`,
 * it changes with its data), 304 on a matching ETag, compressed once per distinct page like `sendJson`'s bodies.
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  etag: string,
  vary = 'accept-encoding',
) {
  reply
    .header('etag', etag)
    .header('cache-control', 'no-cache')
    .header('vary', vary)
    .type('text/html; charset=utf-8');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') {
    return reply.header('content-encoding', encoding).send(compressedOf(html, etag, encoding));
  }
  return reply.send(html);
}

const COMPRESS_ABOVE = 1024;
const COMPRESSED_MAX = 2000;
/** Compressed bodies by encoding and ETag (the same JSON gives the same ETag), the oldest dropped first. */
const compressed = new Map<string, Buffer>();

/** The body in brotli or gzip, made once per distinct body (quality above the on-the-fly settings: it is once). */
export function compressedOf(json: string, etag: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding} ${etag}`;
  let body = compressed.get(key);
  if (!body) {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(json, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json),
            },
          })
        : zlib.gzipSync(json, { level: 9 });
    compressed.set(key, body);
    if (compressed.size > COMPRESSED_MAX) compressed.delete(compressed.keys().next().value as string);
  }
  return body;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@hanabi/api';
import { registerRoute } from './register-route.ts';
import { pickEncoding } from './web-app.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';

const INDEX = `<!doctype html><title>Hanabi SPA</title>${'<!-- padding -->'.repeat(50)}`;
const SCRIPT = `console.log(${JSON.stringify('hanabi '.repeat(400))});`;

/** A build as Vite writes it: hashed assets with `.br`/`.gz` beside them (different bytes, to tell them apart). */
async function writeBuild(dir: string) {
  await fs.mkdir(path.join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/app-AbCdEf12.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(dir, name), text);
    await fs.writeFile(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  }
}

const bigRoute = defineRoute({
  method: 'GET',
  path: '/api/test/big/:count',
  access: 'public',
  summary: 'test only',
  params: z.object({ count: z.coerce.number().int().min(0).max(1000) }),
  response: z.object({ items: z.array(z.string()) }),
});

describe.each(testBackends())('static delivery on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-web-'));
    await writeBuild(webDist);
    ctx = await createTestContext(backend, {
      env: { HANABI_WEB_DIST: webDist, RATE_LIMIT_PER_MINUTE: '3' },
      extraRoutes(app) {
        registerRoute(app, bigRoute, ({ params }) => ({
          items: Array.from({ length: params.count }, (_, i) => `campaign item number ${i}`),
        }));
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('sends the precompressed variant the browser accepts, with Vary, its own length and ETag', async () => {
    const get = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/assets/app-AbCdEf12.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const [br, gzip, plain] = await Promise.all([get('gzip, deflate, br'), get('gzip'), get()]);

    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    for (const reply of [br, gzip, plain]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('javascript');
      expect(reply.headers.vary).toContain('accept-encoding');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect(new Set([br, gzip, plain].map((reply) => reply.headers.etag)).size).toBe(3);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('answers any page GET that accepts HTML or */* with the app shell, revalidated by ETag', async () => {
    for (const accept of ['*/*', 'text/html,application/xhtml+xml', undefined]) {
      const reply = await ctx.app.inject({
        method: 'GET',
        url: '/campaign/some-id/anything',
        headers: accept ? { accept } : {},
      });
      expect(reply.statusCode, String(accept)).toBe(200);
      expect(reply.body).toContain('Hanabi SPA');
    }
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: '*/*', 'accept-encoding': 'br' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(INDEX);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toContain('accept-encoding');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: '*/*', 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps 404s for the API, missing build files and non-HTML requests', async () => {
    const cases = [
      { url: '/api/nothing-here', accept: '*/*' },
      { url: '/assets/gone-12345678.js', accept: '*/*' },
      { url: '/favicon.ico', accept: '*/*' },
      { url: '/streamer/home', accept: 'application/json' },
    ];
    for (const { url, accept } of cases) {
      const reply = await ctx.app.inject({ method: 'GET', url, headers: { accept } });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('leaves static files and the app shell outside the API rate limit, which still holds', async () => {
    for (let i = 0; i < 6; i += 1) {
      const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-AbCdEf12.js' });
      const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      for (const reply of [asset, page]) {
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
      }
    }
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });
});

describe('API compression', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      extraRoutes(app) {
        registerRoute(app, bigRoute, ({ params }) => ({
          items: Array.from({ length: params.count }, (_, i) => `campaign item number ${i}`),
        }));
      },
    });
  });
  afterAll(async () => ctx?.close());

  it('compresses JSON above 1 KB when asked, and leaves small answers as they are', async () => {
    const big = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/big/200',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toContain('accept-encoding');
    const json = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as { items: string[] };
    expect(json.items).toHaveLength(200);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(json).length / 4);

    const gzip = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/big/200',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/big/2',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ items: ['campaign item number 0', 'campaign item number 1'] });

    const plain = await ctx.app.inject({ method: 'GET', url: '/api/test/big/200' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items).toHaveLength(200);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding(undefined)).toBe('identity');
  });
});

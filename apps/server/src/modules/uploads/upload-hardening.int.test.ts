import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { pngBomb, pngBytes, uploadSmall } from '../../test/goods-fixtures.ts';
import { animatedGif, animatedPng, animatedWebp } from '../../test/animated-fixtures.ts';
import { asset } from '../../db/schema.ts';

/**
 * Uploads an attacker controls (issue 20): bytes that are not what the name or Content-Type claim are refused by
 * sniffing; what is stored is served so it cannot run on the app origin; names with folders (traversal) are
 * refused in the query and in tus metadata; oversize is refused from the declared length, before the body.
 */
describe('upload hardening', () => {
  let ctx: TestContext;
  let streamer: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', UPLOAD_MAX_BYTES_CAMPAIGN: '4096' },
    });
    streamer = await signUpByEmail(ctx, 'uploader@example.com', 'streamer', 'Uploader');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = (bytes: Buffer, name: string, contentType = 'application/octet-stream') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/upload/digitalgoods?name=${encodeURIComponent(name)}`,
      headers: { ...bearerHeaders(streamer.token), 'content-type': contentType },
      payload: bytes,
    });

  it('refuses HTML, script and SVG with script whatever they are called or claim to be (415)', async () => {
    const cases: [string, string, string][] = [
      ['<!doctype html><html><script>alert(document.cookie)</script></html>', 'cat.png', 'image/png'],
      ['<html><body onload="alert(1)">', 'cat.jpg', 'image/jpeg'],
      ['alert(document.cookie); fetch("/api/myAccountBase")', 'cat.gif', 'image/gif'],
      [
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'cat.svg',
        'image/svg+xml',
      ],
      ['<svg onload="alert(1)"/>', 'cat.webp', 'image/webp'],
    ];
    for (const [body, name, type] of cases) {
      const answer = await upload(Buffer.from(body), name, type);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(415);
      expect(answer.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('serves what it stored inert: sniffed type, nosniff, sandbox CSP, Content-Disposition', async () => {
    // A PNG with HTML after its image data is a PNG: it is served as one, never as a page.
    const polyglot = Buffer.concat([pngBytes(4, 4), Buffer.from('<html><script>alert(1)</script></html>')]);
    const stored = await upload(polyglot, 'photo.html');
    expect(stored.statusCode, stored.body).toBe(201);
    expect(stored.json()).toMatchObject({ mediaType: 'image/png', fileExtention: 'png' });
    const served = await ctx.app.inject({ method: 'GET', url: new URL(stored.json().downloadUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;.*default-src 'none'/);
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="photo-[0-9a-f]+\.png"/);

    // Anything in storage without a known media extension is a download of opaque bytes.
    const key = 'digitalgoods/someone/page.html';
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    await ctx.container.adapters.storage.put(key, html, { contentType: 'text/html', size: html.length });
    const opaque = await ctx.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(opaque.statusCode).toBe(200);
    expect(opaque.headers['content-type']).toBe('application/octet-stream');
    expect(opaque.headers['content-disposition']).toMatch(/^attachment; filename="page\.html"/);
    expect(opaque.headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it('refuses names with folders in the query and in tus metadata (400, naming the field)', async () => {
    for (const name of ['../../etc/passwd', '..\\..\\boot.ini', 'a/b.png', '..', 'x\u0000.png']) {
      const answer = await upload(pngBytes(), name);
      expect(answer.statusCode, name).toBe(400);
      expect(answer.json().error.details[0].field, name).toBe('query.name');
    }
    const tus = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        'tus-resumable': '1.0.0',
        ...bearerHeaders(streamer.token),
        'upload-length': '1000',
        'upload-metadata': `kind ${Buffer.from('campaign').toString('base64')},filename ${Buffer.from('../../../x.png').toString('base64')}`,
      },
    });
    expect(tus.statusCode, tus.body).toBe(400);
    expect(tus.json().error.details).toEqual([{ field: 'metadata.filename', message: expect.any(String) }]);
  });

  it('refuses a decompression bomb from its header before anything decodes it (413), and stores nothing', async () => {
    const before = (await ctx.container.database.db.select().from(asset)).length;
    for (const [width, height] of [
      [16_000, 16_000],
      [20_000, 10],
    ] as const) {
      const bomb = pngBomb(width, height);
      const startedAt = performance.now();
      const answer = await upload(bomb, 'bomb.png');
      const ms = performance.now() - startedAt;
      console.log(
        `decompression bomb ${width} × ${height} (${bomb.length} bytes): refused in ${ms.toFixed(1)} ms`,
      );
      expect(answer.statusCode).toBe(413);
      expect(answer.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'imageTooLarge' });
    }
    // A header that tells no size (cut off) is refused too, and a real picture within the limits is taken.
    const cut = upload(pngBytes(8, 8).subarray(0, 20), 'cut.png');
    expect((await cut).json().error.reason).toBe('imageUnreadable');
    expect((await ctx.container.database.db.select().from(asset)).length).toBe(before);
    expect((await upload(pngBytes(64, 48), 'fine.png')).statusCode).toBe(201);
  });

  it('refuses an animation of too many frames, or too many pixels across them (413), and stores nothing', async () => {
    const before = (await ctx.container.database.db.select().from(asset)).length;
    const refused: [string, Buffer][] = [
      ['frames.gif', animatedGif(1_001)],
      ['frames.webp', animatedWebp(1_001)],
      // 300 frames of a 1000 × 1000 canvas: 300 million pixels to play.
      ['pixels.gif', animatedGif(300, 1_000, 1_000)],
      // An APNG whose acTL is past what the sniffer reads passes as a still PNG; its frames still count.
      ['frames.png', animatedPng(3, { declared: 5_000, padding: 5_000 })],
    ];
    for (const [name, bytes] of refused) {
      const answer = await upload(bytes, name);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(413);
      expect(answer.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', reason: 'imageTooManyFrames' });
    }
    expect((await ctx.container.database.db.select().from(asset)).length).toBe(before);
    for (const [name, bytes] of [
      ['loop.gif', animatedGif(1_000)],
      ['loop.webp', animatedWebp(1_000)],
      ['loop.png', animatedPng(20, { padding: 5_000 })],
    ] as const) {
      const answer = await upload(bytes, name);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(201);
    }
  });

  it('refuses an oversize upload from its declared length, without reading the body (413)', async () => {
    // The body never ends: only a refusal made before reading it can answer.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(1024));
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/campaign?name=big.png',
      headers: {
        ...bearerHeaders(streamer.token),
        'content-type': 'application/octet-stream',
        'content-length': '8192',
      },
      payload: endless,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    endless.destroy();
    // Within the limit still works.
    expect((await uploadSmall(ctx, streamer, 'campaign', pngBytes(4, 4))).statusCode).toBe(201);
  });
});

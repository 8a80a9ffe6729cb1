import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_ASSET_ID_HEADER, UPLOAD_SIGN_IN_AGAIN, UploadResult } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, localPath, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { pngBytes, sha256 } from '../../test/goods-fixtures.ts';

type Person = SignedIn & { userId: string };
const TUS = { 'tus-resumable': '1.0.0' };

function metadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

describe.each(testBackends())('resumable (tus) uploads on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let viewer: Person;
  const file = pngBytes(300, 300, { noise: true });

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', UPLOAD_MAX_BYTES_CAMPAIGN: '200000' },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'ボブ');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const create = (person: Person | null, length: number, meta: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        ...TUS,
        ...(person ? bearerHeaders(person.token) : {}),
        'upload-length': String(length),
        'upload-metadata': metadata(meta),
      },
    });
  const patch = (person: Person, location: string, offset: number, bytes: Buffer) =>
    ctx.app.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...TUS,
        ...bearerHeaders(person.token),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
  const head = (person: Person, location: string) =>
    ctx.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...bearerHeaders(person.token) } });

  it('resumes an interrupted upload and ends with the same SHA-256', async () => {
    expect(file.length).toBeGreaterThan(262_144);
    const created = await create(alice, file.length, {
      kind: 'digitalgoods',
      filename: 'noise.png',
      filetype: 'image/png',
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);

    const half = Math.floor(file.length / 2);
    const first = await patch(alice, location, 0, file.subarray(0, half));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    // Someone else cannot see or touch it.
    expect((await head(bob, location)).statusCode).toBe(404);
    expect((await patch(bob, location, half, file.subarray(half))).statusCode).toBe(404);

    const state = await head(alice, location);
    expect(state.statusCode).toBe(200);
    expect(state.headers['upload-offset']).toBe(String(half));
    expect(state.headers['upload-length']).toBe(String(file.length));

    const rest = await patch(alice, location, half, file.subarray(half));
    expect(rest.statusCode, rest.body).toBe(200);
    const result = UploadResult.parse(rest.json());
    expect(rest.headers[UPLOAD_ASSET_ID_HEADER.toLowerCase()]).toBe(result.id);
    expect(result).toMatchObject({
      sha256: sha256(file),
      size: file.length,
      fileExtention: 'png',
      kind: 'digitalgoods',
    });

    const stored = await ctx.app.inject({ method: 'GET', url: localPath(result.downloadUrl) });
    expect(sha256(stored.rawPayload)).toBe(sha256(file));

    // A client that lost the final answer: HEAD says complete, the result call answers it again.
    const done = await head(alice, location);
    expect(done.statusCode).toBe(200);
    expect(done.headers['upload-offset']).toBe(String(file.length));
    const uploadId = location.split('/').pop()!;
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/upload/result/${uploadId}`,
      headers: bearerHeaders(alice.token),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(result);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/upload/result/${uploadId}`,
      headers: bearerHeaders(bob.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('asks signed-out callers to log in again, and refuses audience members', async () => {
    const signedOut = await create(null, 1000, { kind: 'campaign' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.message).toContain(UPLOAD_SIGN_IN_AGAIN.en);
    expect((await create(viewer, 1000, { kind: 'campaign' })).statusCode).toBe(403);
  });

  it('refuses bad uploads at creation: kind, claimed type, size', async () => {
    const noKind = await create(alice, 1000, { filename: 'a.png' });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().error.details).toEqual([{ field: 'metadata.kind', message: expect.any(String) }]);
    const claimed = await create(alice, 1000, { kind: 'campaign', filetype: 'application/x-msdownload' });
    expect(claimed.statusCode).toBe(415);
    expect(claimed.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const tooBig = await create(alice, 300_000, { kind: 'campaign' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const deferred = await ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/tus',
      headers: {
        ...TUS,
        ...bearerHeaders(alice.token),
        'upload-defer-length': '1',
        'upload-metadata': metadata({ kind: 'campaign' }),
      },
    });
    expect(deferred.statusCode).toBe(400);
  });

  it('sniffs the finished bytes: a text file claiming to be a PNG is refused and dropped', async () => {
    const text = Buffer.from('x'.repeat(5000));
    const created = await create(alice, text.length, {
      kind: 'campaign',
      filename: 'fake.png',
      filetype: 'image/png',
    });
    const location = String(created.headers.location);
    const sent = await patch(alice, location, 0, text);
    expect(sent.statusCode).toBe(415);
    expect((await head(alice, location)).statusCode).toBe(404);
  });

  it('keeps what arrived before the connection dropped, over a real socket', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const auth = { authorization: `Bearer ${alice.token}` };
      const created = await fetch(`${address}/api/uploads/tus`, {
        method: 'POST',
        headers: {
          ...TUS,
          ...auth,
          'upload-length': String(file.length),
          'upload-metadata': metadata({ kind: 'digitalgoods', filename: 'dropped.png' }),
        },
      });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;
      const { port } = new URL(address);

      // PATCH announcing every byte, send ~40% of them, then drop the connection.
      const sentBefore = Math.floor(file.length * 0.4);
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(
            [
              `PATCH ${location} HTTP/1.1`,
              `Host: 127.0.0.1:${port}`,
              'Tus-Resumable: 1.0.0',
              `Authorization: Bearer ${alice.token}`,
              'Upload-Offset: 0',
              'Content-Type: application/offset+octet-stream',
              `Content-Length: ${file.length}`,
              '',
              '',
            ].join('\r\n'),
          );
          socket.write(file.subarray(0, sentBefore), () => setTimeout(() => socket.destroy(), 300));
        });
        socket.on('close', () => resolve());
        socket.on('error', reject);
      });

      let offset = 0;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        const state = await fetch(`${address}${location}`, { method: 'HEAD', headers: { ...TUS, ...auth } });
        offset = Number(state.headers.get('upload-offset'));
        if (state.status === 200 && offset > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(sentBefore);

      const finished = await fetch(`${address}${location}`, {
        method: 'PATCH',
        headers: {
          ...TUS,
          ...auth,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: file.subarray(offset),
      });
      expect(finished.status).toBe(200);
      const result = UploadResult.parse(await finished.json());
      expect(result.sha256).toBe(sha256(file));
      expect(result.size).toBe(file.length);
    } finally {
      await ctx.app.server.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope, UPLOAD_SIGN_IN_AGAIN, UploadResult } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, localPath, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { mp4Bytes, pngBytes, sha256, uploadSmall } from '../../test/goods-fixtures.ts';

type Person = SignedIn & { userId: string };

describe.each(testBackends({ embedded: true }))('one-request uploads and stored files on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let viewer: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000', UPLOAD_MAX_BYTES_CAMPAIGN: '4096' },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'ボブ');
    viewer = await signUpByEmail(ctx, 'viewer@example.com', 'audience', '視聴者');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('stores a small PNG and serves it back, sandboxed and cached', async () => {
    const bytes = pngBytes(8, 8);
    const res = await uploadSmall(ctx, alice, 'digitalgoods', bytes, '花火 の 絵.png');
    expect(res.statusCode, res.body).toBe(201);
    const result = UploadResult.parse(res.json());
    expect(result).toMatchObject({
      kind: 'digitalgoods',
      fileExtention: 'png',
      fileName: '花火 の 絵.png',
      mediaType: 'image/png',
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(result.storageKey).toMatch(
      new RegExp(`^digitalgoods/${alice.userId}/花火-の-絵-[0-9a-f]{8}\\.png$`),
    );
    expect(result.downloadUrl).toBe(
      `${ctx.config.publicOrigin}/files/${result.storageKey.split('/').map(encodeURIComponent).join('/')}`,
    );

    const file = await ctx.app.inject({ method: 'GET', url: localPath(result.downloadUrl) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(sha256(file.rawPayload)).toBe(sha256(bytes));
    const partial = await ctx.app.inject({
      method: 'GET',
      url: localPath(result.downloadUrl),
      headers: { range: 'bytes=0-7' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload).toEqual(bytes.subarray(0, 8));
    expect((await ctx.app.inject({ method: 'GET', url: '/files/digitalgoods/x/none.png' })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/files/..%2F..%2Fetc/passwd' })).statusCode).toBe(
      404,
    );
  });

  it('takes the extension from the bytes, not the name; refuses paths and sanitises names', async () => {
    const renamed = await uploadSmall(ctx, alice, 'campaign', pngBytes(), 'setup.exe');
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect(renamed.json()).toMatchObject({
      fileExtention: 'png',
      mediaType: 'image/png',
      fileName: 'setup.exe',
    });
    expect(renamed.json().storageKey).toMatch(/\/setup-[0-9a-f]{8}\.png$/);

    // A name with folders, a NUL or a line break is refused (decision 0132); odd characters are only replaced.
    const traversal = await uploadSmall(
      ctx,
      alice,
      'campaign',
      pngBytes(),
      '../../../etc/pass\u0000wd\n.png',
    );
    expect(traversal.statusCode, traversal.body).toBe(400);
    expect(traversal.json().error.details[0].field).toBe('query.name');
    const odd = await uploadSmall(ctx, alice, 'campaign', pngBytes(), '..hidden<pass>"wd.png');
    expect(odd.statusCode, odd.body).toBe(201);
    const stored = odd.json();
    expect(stored.fileName).toBe('hidden_pass__wd.png');
    expect(stored.storageKey.startsWith(`campaign/${alice.userId}/`)).toBe(true);
    expect(stored.storageKey).not.toContain('..');
  });

  it('asks signed-out callers to log in again (401), and refuses audience members (403)', async () => {
    const signedOut = await uploadSmall(ctx, null, 'campaign', pngBytes());
    expect(signedOut.statusCode).toBe(401);
    const body = ErrorEnvelope.parse(signedOut.json());
    expect(body.error.code).toBe('UNAUTHENTICATED');
    expect(body.error.message).toContain(UPLOAD_SIGN_IN_AGAIN.ja);
    expect(body.error.message).toContain(UPLOAD_SIGN_IN_AGAIN.en);
    expect((await uploadSmall(ctx, viewer, 'campaign', pngBytes())).statusCode).toBe(403);
  });

  it('refuses media types the kind does not take (415)', async () => {
    const text = await uploadSmall(ctx, alice, 'campaign', Buffer.from('just some text'), 'notes.png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await uploadSmall(ctx, alice, 'digitalgoods', svg, 'a.svg')).statusCode).toBe(415);
    expect((await uploadSmall(ctx, alice, 'campaign', mp4Bytes(), 'clip.mp4')).statusCode).toBe(415);
    const video = await uploadSmall(ctx, alice, 'digitalgoods', mp4Bytes(), 'clip.bin');
    expect(video.statusCode, video.body).toBe(201);
    expect(video.json()).toMatchObject({ mediaType: 'video/mp4', fileExtention: 'mp4' });
  });

  it('refuses files over the kind’s limit and bodies over the one-request threshold (413)', async () => {
    const big = await uploadSmall(ctx, alice, 'campaign', pngBytes(64, 64, { noise: true }));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toContain('campaign');
    const huge = await uploadSmall(ctx, alice, 'digitalgoods', pngBytes(300, 300, { noise: true }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toContain('/api/uploads/tus');
  });

  it('names bad input (400)', async () => {
    const kind = await uploadSmall(ctx, alice, 'avatars', pngBytes());
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.details.map((detail: { field: string }) => detail.field)).toEqual([
      'params.kind',
    ]);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/campaign',
      headers: bearerHeaders(alice.token),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('answers the result of a finished upload only to its owner', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/upload/result/0123456789abcdef0123456789abcdef',
      headers: bearerHeaders(bob.token),
    });
    expect(res.statusCode).toBe(404);
  });
});

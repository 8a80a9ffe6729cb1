import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer, type FakeHttpServer } from '../live-chat/fake-http-server.ts';
import { isLiveAdapterError, type LiveAdapterError } from '../live-chat/live-chat.types.ts';
import { TwitCastingHttpApi } from './twitcasting-http.ts';

const user = (id: string, screenId: string) => ({
  id,
  screen_id: screenId,
  name: `name ${screenId}`,
  image: `https://imagegw02.twitcasting.tv/${screenId}.jpg`,
  profile: '',
  level: 1,
  last_movie_id: null,
  is_live: false,
  supporter_count: 0,
  supporting_count: 0,
  created: 0,
});

const comment = (id: string, from: string, message: string, created = 1_600_000_000) => ({
  id,
  message,
  from_user: user(from, `s${from}`),
  created,
});

const limits = (remaining: number, resetInSeconds = 30, limit = 60) => ({
  'x-ratelimit-limit': String(limit),
  'x-ratelimit-remaining': String(remaining),
  'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + resetInSeconds),
});

const COMMENTS = '/movies/189037369/comments';

describe('TwitCastingHttpApi against a fake API v2', () => {
  let server: FakeHttpServer;
  let api: TwitCastingHttpApi;

  beforeEach(async () => {
    server = await startFakeHttpServer();
    api = new TwitCastingHttpApi({ clientId: 'cid', clientSecret: 'secret', apiUrl: server.url });
  });
  afterEach(() => server.close());

  it('pages comments by slice_id, oldest first, with the version and bearer headers', async () => {
    server.answer(
      COMMENTS,
      {
        headers: limits(59),
        // The API answers newest first; ids compare as integers (9 < 10).
        body: {
          movie_id: '189037369',
          all_count: 3,
          comments: [comment('10', '2', 'b'), comment('9', '1', 'a')],
        },
      },
      {
        headers: limits(58),
        body: { movie_id: '189037369', all_count: 3, comments: [comment('11', '100', 'mine')] },
      },
      { headers: limits(57), body: { movie_id: '189037369', all_count: 3, comments: [] } },
    );
    const first = await api.listComments({ accessToken: 'at', movieId: '189037369', broadcasterId: '100' });
    expect(first.messages.map((m) => [m.id, m.text, m.author.id])).toEqual([
      ['9', 'a', '1'],
      ['10', 'b', '2'],
    ]);
    expect(first.nextSliceId).toBe('10');
    expect(first.allCount).toBe(3);
    expect(first.mayHaveMore).toBe(false);
    expect(first.rateLimit?.remaining).toBe(59);

    const second = await api.listComments({
      accessToken: 'at',
      movieId: '189037369',
      sliceId: first.nextSliceId,
      broadcasterId: '100',
    });
    expect(second.messages[0]!.author).toMatchObject({ id: '100', screenId: 's100', isOwner: true });
    expect(second.nextSliceId).toBe('11');
    const third = await api.listComments({ accessToken: 'at', movieId: '189037369', sliceId: '11' });
    expect(third.messages).toEqual([]);
    expect(third.nextSliceId).toBe('11');

    const [r1, r2] = server.requests;
    expect(r1!.headers['x-api-version']).toBe('2.0');
    expect(r1!.headers.authorization).toBe('Bearer at');
    expect(r1!.query.get('limit')).toBe('50');
    expect(r1!.query.has('slice_id')).toBe(false);
    expect(r2!.query.get('slice_id')).toBe('10');
    expect(r2!.query.has('offset')).toBe(false);
  });

  it('says more may be waiting when a full page came back', async () => {
    const full = Array.from({ length: 2 }, (_, i) => comment(String(200 - i), '1', 'x'));
    server.answer(COMMENTS, { headers: limits(50), body: { movie_id: '1', all_count: 99, comments: full } });
    const result = await api.listComments({
      accessToken: 'at',
      movieId: '189037369',
      sliceId: '150',
      limit: 2,
    });
    expect(result.mayHaveMore).toBe(true);
    expect(result.nextSliceId).toBe('200');
  });

  it.each([
    [403, 2000, 'Execution count limitation'],
    [429, 429, 'Too Many Requests'],
  ])(
    'treats %i / %i as rate limited until X-RateLimit-Reset, then waits locally',
    async (status, code, message) => {
      server.answer(COMMENTS, { status, headers: limits(0, 40), body: { error: { code, message } } });
      const error = await api
        .listComments({ accessToken: 'at', movieId: '189037369' })
        .catch((e: unknown) => e);
      expect(isLiveAdapterError(error, 'rateLimited')).toBe(true);
      expect((error as LiveAdapterError).kind).toBe('rate-limited');
      expect((error as LiveAdapterError).retryAfterMs).toBeGreaterThan(30_000);
      expect((error as LiveAdapterError).retryAfterMs).toBeLessThanOrEqual(40_000);
      // Remaining 0: the next call is refused before it reaches the server.
      const again = await api
        .listComments({ accessToken: 'at', movieId: '189037369' })
        .catch((e: unknown) => e);
      expect(isLiveAdapterError(again, 'rateLimited')).toBe(true);
      expect(server.requests).toHaveLength(1);
      // Another token has its own window.
      server.answer(COMMENTS, { headers: limits(59), body: { movie_id: '1', all_count: 0, comments: [] } });
      await api.listComments({ accessToken: 'other', movieId: '189037369' });
      expect(server.requests).toHaveLength(2);
    },
  );

  it('walks slices until a short page, each from the newest id of the last, and stops at the rate-limit reserve', async () => {
    /** 50 comments with ids after `from`, newest first as the API sends them. */
    const slice = (from: number, count = 50) =>
      Array.from({ length: count }, (_, i) => comment(String(from + count - i), '1', `c${from + count - i}`));
    server.answer(
      COMMENTS,
      { headers: limits(40), body: { movie_id: '1', all_count: 130, comments: slice(100) } },
      { headers: limits(39), body: { movie_id: '1', all_count: 130, comments: slice(150) } },
      { headers: limits(38), body: { movie_id: '1', all_count: 130, comments: slice(200, 30) } },
    );
    const walked = await api.walkComments({ accessToken: 'at', movieId: '189037369', sliceId: '100' });
    expect(walked).toMatchObject({ pages: 3, mayHaveMore: false, nextSliceId: '230', allCount: 130 });
    expect(walked.messages.map((m) => Number(m.id))).toEqual(Array.from({ length: 130 }, (_, i) => 101 + i));
    expect(server.requests.map((r) => r.query.get('slice_id'))).toEqual(['100', '150', '200']);

    // Two requests left in the window and one kept in reserve: it stops, says more may wait, and where to go on.
    server.answer(
      COMMENTS,
      { headers: limits(2), body: { movie_id: '1', all_count: 500, comments: slice(300) } },
      { headers: limits(1), body: { movie_id: '1', all_count: 500, comments: slice(350) } },
    );
    const spent = await api.walkComments({ accessToken: 'other', movieId: '189037369', sliceId: '300' });
    expect(spent).toMatchObject({ pages: 2, mayHaveMore: true, nextSliceId: '400' });
    expect(spent.rateLimit?.remaining).toBe(1);
  });

  it('calls again once the window has reset', async () => {
    server.answer(
      COMMENTS,
      { headers: limits(0, -1), body: { movie_id: '1', all_count: 0, comments: [] } },
      { headers: limits(59), body: { movie_id: '1', all_count: 0, comments: [] } },
    );
    await api.listComments({ accessToken: 'at', movieId: '189037369' });
    await api.listComments({ accessToken: 'at', movieId: '189037369' });
    expect(server.requests).toHaveLength(2);
  });

  it('maps 401 / 1000 Invalid token to reauthorize (no refresh flow exists)', async () => {
    server.answer('/verify_credentials', {
      status: 401,
      headers: limits(0, 60, 0),
      body: { error: { code: 1000, message: 'Invalid token' } },
    });
    const error = await api.verifyCredentials('bad').catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'reauthorize')).toBe(true);
    expect((error as LiveAdapterError).kind).toBe('auth');
    // Limit 0 on an invalid token is not a window to wait out: the next call goes through.
    await api.verifyCredentials('bad').catch(() => undefined);
    expect(server.requests).toHaveLength(2);
  });

  it('reads current_live, and its 404 as "not live"', async () => {
    server.answer(
      '/users/100/current_live',
      {
        headers: limits(59),
        body: {
          movie: {
            id: '189037369',
            user_id: '100',
            title: 'Live',
            is_live: true,
            comment_count: 3,
            created: 1_600_000_000,
          },
          broadcaster: user('100', 'caster'),
          tags: [],
        },
      },
      { status: 404, headers: limits(58), body: { error: { code: 404, message: 'Not Found' } } },
    );
    expect(await api.currentLive('at', '100')).toMatchObject({
      id: '189037369',
      isLive: true,
      userId: '100',
    });
    expect(await api.currentLive('at', '100')).toBeNull();
  });

  it.each([
    [400, 1001, 'permanent', 'badRequest'],
    [403, 2002, 'auth', 'forbidden'],
    [404, 404, 'not-found', 'notFound'],
    [500, 500, 'retryable', 'unavailable'],
  ])('maps %i / %i to %s/%s', async (status, code, kind, reason) => {
    server.answer(COMMENTS, { status, headers: limits(50), body: { error: { code, message: 'x' } } });
    const error = await api
      .listComments({ accessToken: 'at', movieId: '189037369' })
      .catch((e: unknown) => e);
    expect([(error as LiveAdapterError).kind, (error as LiveAdapterError).reason]).toEqual([kind, reason]);
  });

  it('verifies credentials and exchanges a code form-encoded', async () => {
    server.answer('/verify_credentials', {
      headers: limits(59),
      body: {
        app: { client_id: 'cid', name: 'app', owner_user_id: '1' },
        user: user('100', 'caster'),
        supporter_count: 5,
      },
    });
    server.answer('/oauth2/access_token', {
      body: { token_type: 'Bearer', expires_in: 15_552_000, access_token: 'tok' },
    });
    expect(await api.verifyCredentials('at')).toMatchObject({ id: '100', screenId: 'caster' });
    const tokens = await api.exchangeCode({ code: 'c', redirectUri: 'https://h.example/cb' });
    expect(tokens).toMatchObject({ accessToken: 'tok', refreshToken: null });
    const form = Object.fromEntries(new URLSearchParams(server.requests[1]!.body));
    expect(form).toEqual({
      code: 'c',
      grant_type: 'authorization_code',
      client_id: 'cid',
      client_secret: 'secret',
      redirect_uri: 'https://h.example/cb',
    });
    const url = new URL(api.authorizationUrl({ state: 'st' }));
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('cid');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../config.ts';
import { TwitCastingHttpApi } from '../../adapters/twitcasting/twitcasting-http.ts';
import { isLiveAdapterError, type LiveAdapterError } from '../../adapters/live-chat/live-chat.types.ts';
import { startListeningSandbox, type ListeningSandbox } from './sandbox-test-support.ts';

describe('the production TwitCasting adapter against the sandbox over HTTP', () => {
  let sandbox: ListeningSandbox;
  let api: TwitCastingHttpApi;
  let token: string;
  let userId: string;
  const callback = 'http://127.0.0.1:9/api/oauth/twitcasting/callback';

  const newApi = () =>
    new TwitCastingHttpApi({
      clientId: SANDBOX_CLIENT.id,
      clientSecret: SANDBOX_CLIENT.secret,
      apiUrl: `${sandbox.origin}/sandbox/twitcasting`,
    });

  async function signIn(name: string): Promise<string> {
    const back = await sandbox.consent(api.authorizationUrl({ state: `st-${name}` }), name);
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    return (await api.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: callback }))
      .accessToken;
  }

  beforeAll(async () => {
    sandbox = await startListeningSandbox();
    api = newApi();
    // TwitCasting registers one callback per app; the sandbox's is a setting.
    await sandbox.console('PUT', '/settings', { twitcastingCallbackUrl: callback });
  });
  afterAll(() => sandbox?.close());

  it('consents, exchanges the code and verifies credentials', async () => {
    token = await signIn('Hanabi Streamer');
    const user = await api.verifyCredentials(token);
    expect(user).toMatchObject({ name: 'Hanabi Streamer', isLive: false });
    expect(user.id).toMatch(/^\d+$/);
    userId = user.id;
    const wrongCallback = await api
      .exchangeCode({ code: 'whatever', redirectUri: 'http://127.0.0.1:9/other' })
      .catch((e: unknown) => e);
    expect(isLiveAdapterError(wrongCallback, 'badRequest')).toBe(true);
  });

  it('reads a user by numeric id or screen id with app (Basic) credentials; unknown is null', async () => {
    const me = await api.verifyCredentials(token);
    const byScreenId = await api.userInfo(me.screenId);
    expect(byScreenId).toMatchObject({ id: me.id, screenId: me.screenId, name: 'Hanabi Streamer' });
    expect(await api.userInfo(me.id)).toMatchObject({ id: me.id, screenId: me.screenId });
    expect(await api.userInfo('nobody_has_this_screen_id')).toBeNull();
    // App credentials only: a wrong client secret is refused like a bad token.
    const wrongApp = new TwitCastingHttpApi({
      clientId: SANDBOX_CLIENT.id,
      clientSecret: 'wrong',
      apiUrl: `${sandbox.origin}/sandbox/twitcasting`,
    });
    expect(isLiveAdapterError(await wrongApp.userInfo(me.id).catch((e: unknown) => e), 'reauthorize')).toBe(
      true,
    );
  });

  it('maps a bad token (401 / 1000) to reauthorize', async () => {
    const error = await api.verifyCredentials('not-a-token').catch((e: unknown) => e);
    expect(isLiveAdapterError(error, 'reauthorize')).toBe(true);
  });

  it('refuses calls without X-Api-Version: 2.0, as the real API expects it', async () => {
    const response = await fetch(`${sandbox.origin}/sandbox/twitcasting/verify_credentials`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 400, message: 'Bad Request' } });
  });

  it('finds the live, pages comments by slice_id oldest first, and drops deleted ones', async () => {
    expect(await api.currentLive(token, userId)).toBeNull();
    const started = await sandbox.console<{ id: string }>('POST', '/streams', {
      platform: 'twitcasting',
      ownerId: userId,
      title: 'Prize night',
    });
    const movie = await api.currentLive(token, userId);
    expect(movie).toMatchObject({ id: started.body.id, isLive: true, userId });

    const ids: string[] = [];
    for (const text of ['one', 'two', 'three', 'four', 'five']) {
      const posted = await sandbox.console<{ id: string }>('POST', `/streams/${started.body.id}/messages`, {
        authorName: `Viewer ${text}`,
        text,
      });
      ids.push(posted.body.id);
    }
    await sandbox.console('POST', `/streams/${started.body.id}/messages`, { owner: true, text: 'from me' });

    // First poll without slice_id: the newest ones, handed back oldest first.
    const head = await api.listComments({
      accessToken: token,
      movieId: movie!.id,
      limit: 2,
      broadcasterId: userId,
    });
    expect(head.messages.map((m) => m.text)).toEqual(['five', 'from me']);
    expect(head.messages[1]!.author.isOwner).toBe(true);
    expect(head.allCount).toBe(6);
    expect(head.rateLimit).toMatchObject({ limit: 60 });

    // Forward paging from the start covers every comment once, in order.
    const seen: string[] = [];
    let sliceId: string | null = String(BigInt(ids[0]!) - 1n);
    for (let round = 0; round < 10; round++) {
      const page = await api.listComments({ accessToken: token, movieId: movie!.id, sliceId, limit: 2 });
      seen.push(...page.messages.map((m) => m.text));
      sliceId = page.nextSliceId;
      if (!page.mayHaveMore) break;
    }
    expect(seen).toEqual(['one', 'two', 'three', 'four', 'five', 'from me']);
    const empty = await api.listComments({ accessToken: token, movieId: movie!.id, sliceId });
    expect(empty.messages).toEqual([]);
    expect(empty.nextSliceId).toBe(sliceId);

    expect((await sandbox.console('DELETE', `/streams/${started.body.id}/messages/${ids[1]}`)).status).toBe(
      204,
    );
    const after = await api.listComments({ accessToken: token, movieId: movie!.id, sliceId: '1' });
    expect(after.messages.map((m) => m.text)).not.toContain('two');
    expect(after.allCount).toBe(5);

    await sandbox.console('POST', `/streams/${started.body.id}/end`);
    expect(await api.currentLive(token, userId)).toBeNull();
    // Comments stay readable after the live ends.
    expect((await api.listComments({ accessToken: token, movieId: movie!.id })).messages).toHaveLength(5);
  });

  it('answers validation errors with code 1001 and details', async () => {
    const response = await fetch(`${sandbox.origin}/sandbox/twitcasting/movies/1/comments?limit=99`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '2.0' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 1001, message: 'Validation error', details: { limit: ['max'] } },
    });
  });

  it.each([403, 429] as const)(
    'limits calls per window with %i and the X-RateLimit headers',
    async (status) => {
      await sandbox.console('PUT', '/settings', { twitcastingRateLimit: 2, twitcastingLimitStatus: status });
      const viewerToken = await signIn(status === 403 ? 'Viewer Aoi' : 'Viewer Ren');
      const client = newApi();
      const first = await client
        .listComments({ accessToken: viewerToken, movieId: '0' })
        .catch((e: unknown) => e);
      expect(isLiveAdapterError(first, 'notFound')).toBe(true);
      await client.verifyCredentials(viewerToken);
      // Remaining is now 0: this client waits on its own, so a fresh one (another worker, say) asks the server.
      const local = await client.verifyCredentials(viewerToken).catch((e: unknown) => e);
      expect(isLiveAdapterError(local, 'rateLimited')).toBe(true);
      expect((local as LiveAdapterError).status).toBeUndefined();
      const other = newApi();
      const refused = await other.verifyCredentials(viewerToken).catch((e: unknown) => e);
      expect(isLiveAdapterError(refused, 'rateLimited')).toBe(true);
      expect((refused as LiveAdapterError).status).toBe(status);
      expect((refused as LiveAdapterError).retryAfterMs).toBeGreaterThan(0);
      expect((refused as LiveAdapterError).retryAfterMs).toBeLessThanOrEqual(61_000);
      // After the refusal that one waits too instead of spending another refused call.
      const again = await other.verifyCredentials(viewerToken).catch((e: unknown) => e);
      expect(isLiveAdapterError(again, 'rateLimited')).toBe(true);
      expect((again as LiveAdapterError).status).toBeUndefined();
      await sandbox.console('PUT', '/settings', { twitcastingRateLimit: 60, twitcastingLimitStatus: 403 });
    },
  );
});

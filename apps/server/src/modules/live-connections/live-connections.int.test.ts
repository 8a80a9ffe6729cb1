import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PlatformConnections } from '@hanabi/api';
import { heldClaim, platformConnection } from '../../db/schema.ts';
import { asUser, testBackends } from '../../test/test-context.ts';
import { insertGoods } from '../../test/live-entries.fixture.ts';
import { bindingCookieOf, startLiveWorld, type LiveWorld } from '../live-ingestion/live-test-support.ts';
import type { LivePlatform } from '@hanabi/api';
import { linkedAccounts } from '../../test/platform-identity.fixture.ts';

describe.each(testBackends({ embedded: true }))('platform connections over the sandbox (%s)', (backend) => {
  let world: LiveWorld;
  const db = () => world.ctx.container.database.db;
  const service = () => world.ctx.container.services.liveConnections;

  beforeAll(async () => {
    world = await startLiveWorld(backend);
  });
  afterAll(() => world?.close());

  const connections = async (headers: Record<string, string>) => {
    const answer = await world.ctx.app.inject({ method: 'GET', url: '/api/oauth/connections', headers });
    expect(answer.statusCode).toBe(200);
    return answer.json<PlatformConnections>();
  };

  it('connects YouTube for live streaming: tokens sealed, profile filled, connection listed', async () => {
    const streamer = await world.user('streamer');
    const location = await world.connect(
      streamer.headers,
      'youtube',
      'liveStreaming',
      'Hanabi Streamer',
      '/streamer/liveStreaming/c1?tab=chat',
    );
    expect(location).toBe('/streamer/liveStreaming/c1?tab=chat&connected=youtube');

    const [row] = await db()
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.userId, streamer.userId));
    expect(row!.platform).toBe('youtube');
    expect(row!.platformUserId).toMatch(/^UC/);
    // Stored sealed: neither token appears in clear, and they open with the server's key.
    expect(row!.accessTokenEncrypted.startsWith('v1.')).toBe(true);
    expect(row!.accessTokenEncrypted).not.toContain('ya29.');
    expect(row!.refreshTokenEncrypted!.startsWith('v1.')).toBe(true);
    expect(row!.refreshTokenEncrypted).not.toContain('1//');
    expect(row!.scopes).toContain('https://www.googleapis.com/auth/youtube.readonly');

    const { youtube } = await linkedAccounts(db(), streamer.userId);
    expect(youtube).toMatchObject({ platformUserId: row!.platformUserId, displayName: 'Hanabi Streamer' });

    const listed = await connections(streamer.headers);
    expect(listed.twitcasting).toBeNull();
    expect(listed.youtube).toMatchObject({
      platform: 'youtube',
      platformUserId: row!.platformUserId,
      displayName: 'Hanabi Streamer',
      canReadChat: true,
      needsReconnect: false,
    });
  });

  it('connects TwitCasting for live streaming through the app-wide callback URL', async () => {
    const streamer = await world.user('streamer');
    const location = await world.connect(streamer.headers, 'twitcasting', 'liveStreaming', 'Second Streamer');
    expect(location).toBe('/streamer/account?connected=twitcasting');
    const listed = await connections(streamer.headers);
    expect(listed.twitcasting).toMatchObject({ displayName: 'Second Streamer', canReadChat: true });
    expect(listed.twitcasting!.screenId).toMatch(/^second_streamer_/);
    const { twitcasting } = await linkedAccounts(db(), streamer.userId);
    expect(twitcasting).toMatchObject({
      platformUserId: listed.twitcasting!.platformUserId,
      screenId: listed.twitcasting!.screenId,
      displayName: 'Second Streamer',
    });
    const [row] = await db()
      .select()
      .from(platformConnection)
      .where(eq(platformConnection.userId, streamer.userId));
    expect(row!.refreshTokenEncrypted).toBeNull();
    expect(row!.accessTokenEncrypted.startsWith('v1.')).toBe(true);
  });

  it('links a viewer identity on both platforms and releases the prize held for it', async () => {
    const viewer = await world.user('audience');
    const sandboxAccounts = (
      await world.console<{ accounts: { platform: string; id: string; name: string }[] }>('GET', '/state')
    ).body.accounts;
    const aoi = sandboxAccounts.find((a) => a.platform === 'youtube' && a.name === 'Viewer Aoi')!;
    const streamer = await world.user('streamer');
    const goodsId = await insertGoods(db(), streamer.userId);
    await db()
      .insert(heldClaim)
      .values({
        id: crypto.randomUUID(),
        source: 'manual',
        digitalGoodsId: goodsId,
        tokenId: '1',
        amount: '1',
        platform: 'youtube',
        platformUserId: aoi.id,
        sourceRef: `test-${crypto.randomUUID()}`,
        status: 'held',
      });

    expect(await world.connect(viewer.headers, 'youtube', 'identity', 'Viewer Aoi')).toBe(
      '/audience/account?connected=youtube',
    );
    expect(await world.connect(viewer.headers, 'twitcasting', 'identity', 'Viewer Aoi')).toBe(
      '/audience/account?connected=twitcasting',
    );
    const listed = await connections(viewer.headers);
    // Viewers prove who they are; they read no chat.
    expect(listed.youtube).toMatchObject({ platformUserId: aoi.id, canReadChat: false });
    expect(listed.twitcasting).toMatchObject({ displayName: 'Viewer Aoi', canReadChat: false });
    const [claim] = await db().select().from(heldClaim).where(eq(heldClaim.platformUserId, aoi.id));
    expect(claim!.userId).toBe(viewer.userId);
  });

  it('refuses an identity already linked to another Hanabi user (alreadyLinked)', async () => {
    const other = await world.user('audience');
    expect(await world.connect(other.headers, 'youtube', 'identity', 'Viewer Aoi')).toBe(
      '/audience/account?connectError=alreadyLinked',
    );
    expect(await world.connect(other.headers, 'twitcasting', 'identity', 'Viewer Aoi', '/x')).toBe(
      '/x?connectError=alreadyLinked',
    );
    expect((await connections(other.headers)).youtube).toBeNull();
  });

  it('answers denied, expired, reused and foreign states without linking anything', async () => {
    const viewer = await world.user('audience');
    /** Asks for a consent URL in the viewer's browser: the URL and that browser's binding cookie. */
    const ask = async (platform: LivePlatform) => {
      const path =
        platform === 'youtube' ? '/api/oauth/youtube/channelId/url' : '/api/oauth/twitcasting/account/url';
      const answer = await world.ctx.app.inject({
        method: 'GET',
        url: `${path}?returnTo=/here`,
        headers: viewer.headers,
      });
      return { url: answer.json<{ url: string }>().url, cookie: bindingCookieOf(answer) };
    };
    const browser = (cookie: string) => ({ ...viewer.headers, cookie });
    // Cancelled on Google's page: back with ?error=access_denied&state.
    const yt = await ask('youtube');
    const denied = new URL(`${world.origin}/api/oauth/youtube/callback`);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', new URL(yt.url).searchParams.get('state')!);
    expect(await world.callback(denied, browser(yt.cookie))).toBe('/here?connectError=denied');
    // TwitCasting sends only ?result=denied (no state).
    expect(
      await world.callback(`${world.origin}/api/oauth/twitcasting/callback?result=denied`, viewer.headers),
    ).toBe('/audience/account?connectError=denied');
    // A forged state, a missing one.
    expect(
      await world.callback(`${world.origin}/api/oauth/youtube/callback?code=x&state=forged`, viewer.headers),
    ).toBe('/audience/account?connectError=expired');
    expect(await world.callback(`${world.origin}/api/oauth/youtube/callback?code=x`)).toBe(
      '/?connectError=expired',
    );
    // A state works once.
    const once = await ask('youtube');
    const back = await world.consent(once.url, 'Viewer Ren');
    expect(await world.callback(back, browser(once.cookie))).toBe('/here?connected=youtube');
    expect(await world.callback(back, browser(once.cookie))).toBe('/audience/account?connectError=expired');
    // A state of another platform, and an expired one.
    const tc = await ask('twitcasting');
    const tcState = new URL(tc.url).searchParams.get('state')!;
    expect(
      await world.callback(
        `${world.origin}/api/oauth/youtube/callback?code=x&state=${tcState}`,
        browser(tc.cookie),
      ),
    ).toBe('/here?connectError=expired');
    const late = await ask('twitcasting');
    const lateState = new URL(late.url).searchParams.get('state')!;
    await db().execute(
      `update auth_verification set expires_at = now() - interval '1 minute' where id = '${lateState}'`,
    );
    expect(
      await world.callback(
        `${world.origin}/api/oauth/twitcasting/callback?code=x&state=${lateState}`,
        browser(late.cookie),
      ),
    ).toBe('/here?connectError=expired');
    // Another signed-in person cannot finish someone else's connect (their browser has no binding for it).
    const intruder = await world.user('audience');
    const asked = await ask('twitcasting');
    const stolen = await world.consent(asked.url, 'Viewer Ren');
    expect(await world.callback(stolen, intruder.headers)).toBe(
      '/audience/account?connectError=browserMismatch',
    );
    expect((await connections(viewer.headers)).twitcasting).toBeNull();
  });

  it('answers notStreamer when a live-streaming state belongs to someone who is not a streamer', async () => {
    const viewer = await world.user('audience');
    // The URL route already refuses viewers (403); a state made before a type change still must not connect.
    const refused = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/youtube/liveStreaming/url',
      headers: viewer.headers,
    });
    expect(refused.statusCode).toBe(403);
    const streamerSession = JSON.parse(viewer.headers['x-test-user']!);
    const { url, binding } = await service().consentUrl(
      { ...streamerSession, type: 'streamer' },
      'youtube',
      'liveStreaming',
      '/s',
    );
    const back = await world.consent(url, 'Viewer Ren');
    const cookie = `${binding.name}=${binding.value}`;
    expect(await world.callback(back, { ...viewer.headers, cookie })).toBe('/s?connectError=notStreamer');
  });

  it('answers platform when the code exchange fails', async () => {
    const viewer = await world.user('audience');
    const answer = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/twitcasting/account/url',
      headers: viewer.headers,
    });
    const state = new URL(answer.json<{ url: string }>().url).searchParams.get('state')!;
    expect(
      await world.callback(`${world.origin}/api/oauth/twitcasting/callback?code=bogus&state=${state}`, {
        ...viewer.headers,
        cookie: bindingCookieOf(answer),
      }),
    ).toBe('/audience/account?connectError=platform');
  });

  it('unlinks: tokens deleted, profile cleared, the identity free for someone else', async () => {
    const viewer = await world.user('audience');
    expect(await world.connect(viewer.headers, 'youtube', 'identity', 'Second Streamer')).toContain(
      'connected=youtube',
    );
    const answer = await world.ctx.app.inject({
      method: 'DELETE',
      url: '/api/oauth/youtube/channelId',
      headers: viewer.headers,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<PlatformConnections>().youtube).toBeNull();
    expect(
      await db().select().from(platformConnection).where(eq(platformConnection.userId, viewer.userId)),
    ).toEqual([]);
    expect(await linkedAccounts(db(), viewer.userId)).toEqual({});
    const other = await world.user('audience');
    expect(await world.connect(other.headers, 'youtube', 'identity', 'Second Streamer')).toContain(
      'connected=youtube',
    );
    const tc = await world.ctx.app.inject({
      method: 'DELETE',
      url: '/api/oauth/twitcasting/channelId',
      headers: other.headers,
    });
    expect(tc.statusCode).toBe(200);
  });

  it('refuses signed-out callers (401), viewers on streamer routes (403) and bad returnTo (400)', async () => {
    const viewer = await world.user('audience');
    for (const [method, url] of [
      ['GET', '/api/oauth/youtube/channelId/url'],
      ['GET', '/api/oauth/youtube/liveStreaming/url'],
      ['GET', '/api/oauth/twitcasting/account/url'],
      ['GET', '/api/oauth/twitcasting/liveStreaming/url'],
      ['GET', '/api/oauth/connections'],
      ['DELETE', '/api/oauth/youtube/channelId'],
      ['DELETE', '/api/oauth/twitcasting/channelId'],
    ] as const) {
      const answer = await world.ctx.app.inject({ method, url });
      expect(answer.statusCode, url).toBe(401);
      expect(answer.json().error.code).toBe('UNAUTHENTICATED');
    }
    for (const url of ['/api/oauth/youtube/liveStreaming/url', '/api/oauth/twitcasting/liveStreaming/url']) {
      expect((await world.ctx.app.inject({ method: 'GET', url, headers: viewer.headers })).statusCode).toBe(
        403,
      );
    }
    // Mid sign-up (an identity, no Hanabi user yet): nothing linked, and nothing to link to.
    const midSignUp = asUser({ userId: null, type: null });
    const none = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/connections',
      headers: midSignUp,
    });
    expect(none.json()).toEqual({ youtube: null, twitcasting: null });
    const early = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/twitcasting/account/url',
      headers: midSignUp,
    });
    expect(early.statusCode).toBe(422);
    for (const returnTo of ['//evil.example/x', 'https://evil.example/', 'relative']) {
      const answer = await world.ctx.app.inject({
        method: 'GET',
        url: `/api/oauth/youtube/channelId/url?returnTo=${encodeURIComponent(returnTo)}`,
        headers: viewer.headers,
      });
      expect(answer.statusCode, returnTo).toBe(400);
    }
  });
});

import { LIVE_PLATFORMS } from '@hanabi/api';
import { describe, expect, it } from 'vitest';
import { TwitCastingHttpApi } from '../twitcasting/index.ts';
import { YouTubeHttpApi } from '../youtube/index.ts';
import { createLivePlatforms } from './index.ts';

const youtubeOptions = {
  clientId: 'client',
  clientSecret: 'secret',
  apiUrl: 'http://127.0.0.1:9/youtube/v3',
  authorizationUrl: 'http://127.0.0.1:9/o/oauth2/v2/auth',
  tokenUrl: 'http://127.0.0.1:9/token',
};

function registry() {
  return createLivePlatforms({
    youtube: new YouTubeHttpApi(youtubeOptions),
    youtubeFor: (onQuota) => new YouTubeHttpApi({ ...youtubeOptions, onQuota }),
    twitcasting: new TwitCastingHttpApi({
      apiUrl: 'http://127.0.0.1:9/twitcasting',
      clientId: 'tc-client',
      clientSecret: 'tc-secret',
    }),
  });
}

describe('the live platform registry', () => {
  it('has exactly one driver for each platform the contract names', () => {
    expect(
      registry()
        .all()
        .map((driver) => driver.id)
        .sort(),
    ).toEqual([...LIVE_PLATFORMS].sort());
  });

  it('hands each driver its own consent URL carrying the state', () => {
    const platforms = registry();
    for (const platform of LIVE_PLATFORMS) {
      const url = new URL(
        platforms.get(platform).oauth.authorizationUrl({
          redirectUri: `http://127.0.0.1:3000/api/oauth/${platform}/callback`,
          state: `state-for-${platform}`,
        }),
      );
      expect(url.searchParams.get('state')).toBe(`state-for-${platform}`);
    }
  });

  it('offers a refresh flow and a quota only where the platform has them', () => {
    const platforms = registry();
    expect(platforms.get('youtube').oauth.refresh).toBeTypeOf('function');
    expect(platforms.get('youtube').quota?.dayOf(new Date('2026-11-29T07:30:00Z'))).toBe('2026-11-28');
    expect(platforms.get('twitcasting').oauth.refresh).toBeUndefined();
    expect(platforms.get('twitcasting').quota).toBeNull();
  });

  it("names each platform's consent provider", () => {
    const platforms = registry();
    expect(platforms.get('youtube').oauth.providerName).toBe('Google');
    expect(platforms.get('twitcasting').oauth.providerName).toBe('TwitCasting');
  });

  it('links streams and channels by their public addresses (TwitCasting only by screen id)', () => {
    const platforms = registry();
    expect(platforms.get('youtube').pages({ channelId: 'UCx', broadcastId: 'v1', screenId: null })).toEqual({
      streamUrl: 'https://www.youtube.com/watch?v=v1',
      channelUrl: 'https://www.youtube.com/channel/UCx',
    });
    expect(
      platforms.get('twitcasting').pages({ channelId: '123', broadcastId: '9', screenId: 'caster' }),
    ).toEqual({
      streamUrl: 'https://twitcasting.tv/caster/movie/9',
      channelUrl: 'https://twitcasting.tv/caster',
    });
    expect(
      platforms.get('twitcasting').pages({ channelId: '123', broadcastId: '9', screenId: null }),
    ).toEqual({
      streamUrl: null,
      channelUrl: null,
    });
  });

  it('says how a recipient list names an account: YouTube channel ids bare, TwitCasting ids only prefixed', async () => {
    const youtube = registry().get('youtube').recipients;
    const twitcasting = registry().get('twitcasting').recipients;
    expect(youtube.shape?.test('UCabcdefghijklmnopqrstuv')).toBe(true);
    expect(youtube.shape?.test('UCshort')).toBe(false);
    expect(youtube.check('UCshort')).toEqual({
      ok: false,
      reason: 'a YouTube channel id is UC followed by 22 characters',
    });
    expect(youtube.resolve).toBeUndefined();
    expect(twitcasting.shape).toBeNull();
    expect(twitcasting.check('c:someone')).toEqual({ ok: true, id: 'c:someone' });
    expect(twitcasting.check('has space')).toMatchObject({ ok: false });
    // Numeric user ids are stable: answered without asking TwitCasting (its client here reaches nothing).
    expect(await twitcasting.resolve?.(['42'])).toEqual({
      ok: true,
      ids: new Map([['42', { ok: true, id: '42' }]]),
    });
  });
});

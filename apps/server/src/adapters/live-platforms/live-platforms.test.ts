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
});

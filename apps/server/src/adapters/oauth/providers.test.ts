import { describe, expect, it } from 'vitest';
import {
  isPlaceholderEmail,
  mapGoogleProfile,
  mapXProfile,
  placeholderEmail,
  xProvider,
} from './providers.ts';

describe('Google profile mapping', () => {
  it('keeps a verified address and the picture', () => {
    expect(
      mapGoogleProfile({
        sub: '123',
        email: 'A@Gmail.com',
        email_verified: true,
        name: 'A',
        picture: 'https://lh3/a.png',
      }),
    ).toEqual({
      id: '123',
      email: 'a@gmail.com',
      emailVerified: true,
      name: 'A',
      image: 'https://lh3/a.png',
    });
  });
  it('never passes on an unverified address', () => {
    const mapped = mapGoogleProfile({ sub: '123', email: 'victim@example.com', email_verified: false });
    expect(mapped?.email).toBe('123@google.placeholder.invalid');
    expect(mapped?.emailVerified).toBe(false);
    expect(isPlaceholderEmail(mapped!.email)).toBe(true);
  });
  it('refuses a profile without a subject', () => {
    expect(mapGoogleProfile({ email: 'a@b.c' })).toBeNull();
    expect(mapGoogleProfile(null)).toBeNull();
  });
});

describe('X profile mapping', () => {
  it('maps users/me, with the larger picture and a confirmed address', () => {
    expect(
      mapXProfile({
        data: {
          id: '42',
          name: 'たろう',
          username: 'taro',
          profile_image_url: 'https://pbs.twimg.com/profile_images/1/p_normal.jpg',
          confirmed_email: 'Taro@Example.com',
        },
      }),
    ).toEqual({
      id: '42',
      email: 'taro@example.com',
      emailVerified: true,
      name: 'たろう',
      image: 'https://pbs.twimg.com/profile_images/1/p_400x400.jpg',
      username: 'taro',
    });
  });
  it('uses a placeholder address without a confirmed e-mail', () => {
    expect(mapXProfile({ data: { id: '42', username: 'taro' } })).toMatchObject({
      email: placeholderEmail('twitter', '42'),
      emailVerified: false,
      name: 'taro',
    });
    expect(mapXProfile({ errors: [] })).toBeNull();
  });
  it('uses PKCE, HTTP Basic for confidential clients and no client authentication for public ones', () => {
    const base = {
      clientId: 'x',
      authorizationUrl: 'https://a',
      tokenUrl: 'https://t',
      userInfoUrl: 'https://u',
    };
    expect(xProvider({ ...base, clientSecret: 's' })).toMatchObject({ pkce: true, authentication: 'basic' });
    expect(xProvider({ ...base, clientSecret: undefined })).toMatchObject({
      pkce: true,
      tokenEndpointAuth: { method: 'none' },
    });
  });
});

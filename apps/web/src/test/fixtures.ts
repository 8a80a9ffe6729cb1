import type { Account } from '@hanabi/api';

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 'u_1',
    name: 'Test Streamer',
    avatarUrl: '/assets/images/avatar.svg',
    youtubeChannelId: null,
    youtubeTitle: null,
    youtubeThumbnailUrl: null,
    twitcastingScreenId: null,
    twitcastingName: null,
    twitcastingImageUrl: null,
    type: 'streamer',
    role: 'user',
    email: 'streamer@example.test',
    bio: '',
    walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    twitcastingUserId: null,
    locale: 'ja',
    collectionPublic: false,
    emailNotices: true,
    signInMethods: [{ provider: 'email', linkedAt: '2025-01-01T00:00:00.000Z' }],
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const unauthenticated = () =>
  jsonResponse(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in first' } });

import { describe, expect, it } from 'vitest';
import { AccountLinkBody, AvatarUrl, SitePath, UpdateAccountBody, WalletAddress } from './account.routes.ts';
import { SigninResponse, SignoutBody } from './identity.routes.ts';
import { finishSignUpPath } from '../constants.ts';

describe('account contract', () => {
  it('needs at least one field to update', () => {
    expect(UpdateAccountBody.safeParse({}).success).toBe(false);
    expect(UpdateAccountBody.safeParse({ bio: '' }).success).toBe(true);
    expect(UpdateAccountBody.parse({ name: '  はなこ ' })).toEqual({ name: 'はなこ' });
    expect(UpdateAccountBody.safeParse({ walletAddress: null }).success).toBe(true);
  });
  it('accepts https and site paths as avatars, nothing else', () => {
    expect(AvatarUrl.safeParse('https://a.example/p.png').success).toBe(true);
    expect(AvatarUrl.safeParse('/assets/images/avatar.svg').success).toBe(true);
    for (const bad of ['http://a.example/p.png', '//evil.example/p.png', 'javascript:alert(1)', '/\\evil']) {
      expect(AvatarUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
  it('shapes wallet addresses and site paths', () => {
    expect(WalletAddress.safeParse('0x' + 'a'.repeat(40)).success).toBe(true);
    expect(WalletAddress.safeParse('0x' + 'g'.repeat(40)).success).toBe(false);
    expect(SitePath.safeParse(finishSignUpPath('streamer')).success).toBe(true);
    expect(SitePath.safeParse('https://evil.example/').success).toBe(false);
    expect(SitePath.safeParse('//evil.example/').success).toBe(false);
  });
  it('tells link from unlink', () => {
    expect(
      AccountLinkBody.parse({ action: 'link', provider: 'google', callbackURL: '/streamer/account' }),
    ).toEqual({
      action: 'link',
      provider: 'google',
      callbackURL: '/streamer/account',
    });
    expect(AccountLinkBody.safeParse({ action: 'unlink', provider: 'facebook' }).success).toBe(false);
  });
  it('describes the three sign-in outcomes', () => {
    expect(
      SigninResponse.safeParse({
        result: 'not yet register',
        email: null,
        authProvider: 'twitter',
        providerUid: '4242',
      }).success,
    ).toBe(true);
    // The original's uid is part of the answer: without it the outcome does not parse.
    expect(
      SigninResponse.safeParse({ result: 'not yet register', email: null, authProvider: 'twitter' }).success,
    ).toBe(false);
    expect(SigninResponse.safeParse({ result: 'error' }).success).toBe(false);
    expect(SignoutBody.safeParse(null).success).toBe(true);
  });
});

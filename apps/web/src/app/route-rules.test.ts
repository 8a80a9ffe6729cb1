import { describe, expect, it } from 'vitest';
import {
  MENU_SECTIONS,
  areaAccess,
  areaOf,
  currentMenuSection,
  distributerRedirect,
  isPublicPath,
  menuAreaFor,
  menuPath,
  requiresWalletStep,
  sessionRedirect,
  signInPathFor,
  walletStepNeeded,
} from './route-rules';

describe('isPublicPath', () => {
  it.each([
    '/',
    '/streamer',
    '/streamer/',
    '/audience',
    '/audience/',
    '/signup/streamer',
    '/signup/audience',
    '/signup/streamer/finishSignUp',
    '/signup/audience/finishSignUp',
    '/streamer/signup',
    '/audience/signup',
    '/terms',
    '/campaign/1',
    '/campaign/abc-123/',
    '/draw/42',
    '/overlay/c1',
    '/overlay/c1/',
    '/externalRedirect',
    '/dev/mailbox',
  ])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/streamer/home',
    '/streamer/editor/campaign',
    '/streamer/editor/campaign/1',
    '/streamer/editor/manual-distribution',
    '/streamer/editor/digitalgoods',
    '/streamer/account',
    '/streamer/liveStreaming/5',
    '/audience/home',
    '/audience/collection',
    '/audience/campaign',
    '/audience/streamer',
    '/audience/account',
    '/collection/1',
    '/campaign',
    '/campaign/1/edit',
    '/draw',
    '/overlay',
    '/overlay/c1/extra',
    '/operator',
    '/operator/dashboard',
    '/nowhere',
  ])('%s needs a session', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });

  it('treats any URL with crawler=true as public', () => {
    expect(isPublicPath('/streamer/home', '?crawler=true')).toBe(true);
    expect(isPublicPath('/audience/collection', 'a=1&crawler=true')).toBe(true);
    expect(isPublicPath('/streamer/home', '?crawler=false')).toBe(false);
    expect(isPublicPath('/streamer/home', '?crawler=TRUE')).toBe(false);
  });

  it('matches signup, finishSignUp and terms case-sensitively anywhere in the path, like the original', () => {
    expect(isPublicPath('/x/finishSignUp')).toBe(true);
    expect(isPublicPath('/x/terms-of-use')).toBe(true);
    expect(isPublicPath('/x/SIGNUP')).toBe(false);
  });
});

describe('signInPathFor / sessionRedirect', () => {
  it('sends paths containing "audience" to /signup/audience and every other path to /signup/streamer', () => {
    expect(signInPathFor('/audience/home')).toBe('/signup/audience');
    expect(signInPathFor('/audience/collection')).toBe('/signup/audience');
    expect(signInPathFor('/streamer/home')).toBe('/signup/streamer');
    expect(signInPathFor('/operator/users')).toBe('/signup/streamer');
    expect(signInPathFor('/collection/1')).toBe('/signup/streamer');
    expect(signInPathFor('/')).toBe('/signup/streamer');
  });

  it('redirects only signed-out visitors of non-public pages', () => {
    expect(sessionRedirect('/streamer/home', '', false)).toBe('/signup/streamer');
    expect(sessionRedirect('/audience/collection', '', false)).toBe('/signup/audience');
    expect(sessionRedirect('/streamer/home', '', true)).toBeNull();
    expect(sessionRedirect('/campaign/1', '', false)).toBeNull();
    expect(sessionRedirect('/terms', '', false)).toBeNull();
    expect(sessionRedirect('/audience/home', '?crawler=true', false)).toBeNull();
  });
});

describe('requiresWalletStep', () => {
  it.each([
    ['/signup/streamer', true],
    ['/signup/audience/finishSignUp', true],
    ['/x/finishSignUp', true],
    ['/streamer/account', true],
    ['/audience/account', true],
    ['/operator', true],
    ['/operator/tokens', true],
    ['/streamer/home', false],
    ['/audience/collection', false],
    ['/campaign/1', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(requiresWalletStep(path)).toBe(expected);
  });
});

describe('walletStepNeeded (the WalletStepGate rule)', () => {
  const noWallet = { walletAddress: null };
  const withWallet = { walletAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' };

  it.each([
    '/signup/streamer',
    '/signup/streamer/finishSignUp',
    '/streamer/account',
    '/audience/account',
    '/operator/dashboard',
  ])('holds a signed-in account without a wallet on %s', (path) => {
    expect(walletStepNeeded(path, noWallet)).toBe(true);
  });

  it.each(['/streamer/home', '/audience/collection', '/campaign/1', '/'])(
    'lets a signed-in account without a wallet through on %s',
    (path) => {
      expect(walletStepNeeded(path, noWallet)).toBe(false);
    },
  );

  it('never holds an account that has a wallet', () => {
    expect(walletStepNeeded('/streamer/account', withWallet)).toBe(false);
    expect(walletStepNeeded('/signup/audience/finishSignUp', withWallet)).toBe(false);
  });

  it('never holds signed-out visitors', () => {
    expect(walletStepNeeded('/signup/streamer', null)).toBe(false);
    expect(walletStepNeeded('/streamer/account', undefined)).toBe(false);
  });
});

describe('distributerRedirect', () => {
  it('moves /distributer and everything under it to /streamer', () => {
    expect(distributerRedirect('/distributer')).toBe('/streamer');
    expect(distributerRedirect('/distributer/')).toBe('/streamer/');
    expect(distributerRedirect('/distributer/home')).toBe('/streamer/home');
    expect(distributerRedirect('/distributer/editor/campaign/7')).toBe('/streamer/editor/campaign/7');
  });

  it('leaves other paths alone', () => {
    expect(distributerRedirect('/distributers')).toBeNull();
    expect(distributerRedirect('/streamer/home')).toBeNull();
    expect(distributerRedirect('/x/distributer')).toBeNull();
  });
});

describe('currentMenuSection', () => {
  it.each([
    ['/streamer/home', 'home'],
    ['/streamer/editor/campaign', 'campaign'],
    ['/streamer/editor/campaign/123', 'campaign'],
    ['/streamer/editor/campaign/home', 'campaign'],
    ['/streamer/editor/manual-distribution', 'manual-distribution'],
    ['/streamer/editor/digitalgoods', 'digitalgoods'],
    ['/streamer/account', 'account'],
    ['/streamer/liveStreaming/5', null],
    ['/streamer', null],
    ['/streamer/editor/campaign?tab=home', 'campaign'],
  ] as const)('streamer menu at %s → %s', (path, expected) => {
    expect(currentMenuSection('streamer', path.split('?')[0] ?? '')).toBe(expected);
  });

  it.each([
    ['/audience/home', 'home'],
    ['/audience/collection', 'collection'],
    ['/audience/campaign', 'campaign'],
    ['/audience/streamer', 'streamer'],
    ['/audience/account', 'account'],
    ['/campaign/7', 'campaign'],
    ['/collection/3', 'collection'],
    ['/audience', null],
    ['/terms', null],
  ] as const)('audience menu at %s → %s', (path, expected) => {
    expect(currentMenuSection('audience', path)).toBe(expected);
  });

  it.each([
    ['/operator/dashboard', 'dashboard'],
    ['/operator/users', 'users'],
    ['/operator/tokens', 'tokens'],
    ['/operator/ipfs', 'ipfs'],
    ['/operator/deliveries', 'deliveries'],
    ['/operator/news', 'news'],
    ['/operator/system', 'system'],
    ['/operator', null],
  ] as const)('operator menu at %s → %s', (path, expected) => {
    expect(currentMenuSection('operator', path)).toBe(expected);
  });

  it('does not match partial segments', () => {
    expect(currentMenuSection('streamer', '/streamer/homepage')).toBeNull();
    expect(currentMenuSection('audience', '/audience/streamers')).toBeNull();
  });
});

describe('menus', () => {
  it('have the entries of the original, in order', () => {
    expect(MENU_SECTIONS.streamer).toEqual([
      'home',
      'campaign',
      'manual-distribution',
      'digitalgoods',
      'account',
    ]);
    expect(MENU_SECTIONS.audience).toEqual([
      'home',
      'collection',
      'campaign',
      'watchlist',
      'streamer',
      'account',
    ]);
    // The original's six, then Hanabi's own: the delivery queue (already among them) and the system check.
    expect(MENU_SECTIONS.operator).toEqual([
      'dashboard',
      'users',
      'tokens',
      'ipfs',
      'deliveries',
      'news',
      'system',
    ]);
  });

  it('link every entry to a path whose current entry is that entry', () => {
    for (const area of ['streamer', 'audience', 'operator'] as const) {
      for (const section of MENU_SECTIONS[area]) {
        expect(currentMenuSection(area, menuPath(area, section))).toBe(section);
      }
    }
  });
});

describe('areaOf', () => {
  it('names the area of a path', () => {
    expect(areaOf('/streamer/home')).toBe('streamer');
    expect(areaOf('/audience')).toBe('audience');
    expect(areaOf('/operator/users')).toBe('operator');
    expect(areaOf('/signup/streamer')).toBe('signup');
    expect(areaOf('/campaign/1')).toBeNull();
    expect(areaOf('/')).toBeNull();
  });
});

describe('areaAccess and menuAreaFor', () => {
  const streamer = { type: 'streamer', role: 'user' } as const;
  const audience = { type: 'audience', role: 'user' } as const;
  const operator = { type: 'audience', role: 'operator' } as const;

  it('lets each type into its own area and operators into the operator area', () => {
    expect(areaAccess('streamer', streamer)).toBe('allowed');
    expect(areaAccess('audience', streamer)).toBe('wrong-type');
    expect(areaAccess('audience', audience)).toBe('allowed');
    expect(areaAccess('streamer', audience)).toBe('wrong-type');
    expect(areaAccess('operator', streamer)).toBe('operator-only');
    expect(areaAccess('operator', operator)).toBe('allowed');
    expect(areaAccess('audience', operator)).toBe('allowed');
  });

  it('shows the area menu when allowed, the account’s own menu otherwise, the area menu to signed-out visitors', () => {
    expect(menuAreaFor('streamer', streamer)).toBe('streamer');
    expect(menuAreaFor('streamer', audience)).toBe('audience');
    expect(menuAreaFor('operator', operator)).toBe('operator');
    expect(menuAreaFor('operator', streamer)).toBe('streamer');
    expect(menuAreaFor(null, audience)).toBe('audience');
    expect(menuAreaFor('signup', streamer)).toBeNull();
    expect(menuAreaFor('streamer', null)).toBe('streamer');
    expect(menuAreaFor('audience', undefined)).toBe('audience');
    expect(menuAreaFor('operator', null)).toBeNull();
    expect(menuAreaFor('signup', null)).toBeNull();
    expect(menuAreaFor(null, undefined)).toBeNull();
  });
});

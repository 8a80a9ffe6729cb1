/**
 * Routing rules of the original (docs/original-spec.md §2), as pure functions (no React, no router).
 * Paths are URL pathnames (`location.pathname`); `search` is `location.search` (with or without `?`).
 */
import type { Account } from '@hanabi/api';
import { signInPathFor } from '../lib/sign-in-path';

export type Area = 'streamer' | 'audience' | 'operator';

/** Menu sections per area, in menu order. Each section is also the path segment it links to. */
export const MENU_SECTIONS = {
  streamer: ['home', 'campaign', 'manual-distribution', 'digitalgoods', 'account'],
  audience: ['home', 'collection', 'campaign', 'watchlist', 'streamer', 'account'],
  operator: ['dashboard', 'users', 'tokens', 'ipfs', 'deliveries', 'news', 'system'],
} as const satisfies Record<Area, readonly string[]>;

export type MenuSection<A extends Area = Area> = (typeof MENU_SECTIONS)[A][number];

const MENU_PATHS: { [A in Area]: Record<MenuSection<A>, string> } = {
  streamer: {
    home: '/streamer/home',
    campaign: '/streamer/editor/campaign',
    'manual-distribution': '/streamer/editor/manual-distribution',
    digitalgoods: '/streamer/editor/digitalgoods',
    account: '/streamer/account',
  },
  audience: {
    home: '/audience/home',
    collection: '/audience/collection',
    campaign: '/audience/campaign',
    watchlist: '/audience/watchlist',
    streamer: '/audience/streamer',
    account: '/audience/account',
  },
  operator: {
    dashboard: '/operator/dashboard',
    users: '/operator/users',
    tokens: '/operator/tokens',
    ipfs: '/operator/ipfs',
    deliveries: '/operator/deliveries',
    news: '/operator/news',
    system: '/operator/system',
  },
};

export function menuPath<A extends Area>(area: A, section: MenuSection<A>): string {
  return (MENU_PATHS[area] as Record<string, string>)[section] as string;
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/**
 * The current menu entry: "the URL contains the matching section" (docs/original-spec.md §2), read as
 * "the pathname contains the section as a whole path segment". Whole segments keep `/streamer/...` from
 * matching the audience menu's `streamer` entry by accident, and ignore the query string.
 * When several sections occur (an id that happens to equal a section name, e.g.
 * `/streamer/editor/campaign/home`), the one whose segment comes first wins: the id is always later.
 *
 * Consequences for the defined routes:
 * - `/streamer/editor/campaign` and `/streamer/editor/campaign/123` → `campaign`
 * - `/streamer/liveStreaming/5` → none (a live stream is opened from a campaign but is not a menu section)
 * - `/streamer` (the public intro) → none
 * - `/audience/streamer` → `streamer`; `/campaign/7` with the audience menu → `campaign`;
 *   `/collection/3` with the audience menu → `collection`
 * - `/operator` → none (it redirects to `/operator/dashboard` → `dashboard`)
 */
export function currentMenuSection<A extends Area>(area: A, pathname: string): MenuSection<A> | null {
  const segments = segmentsOf(pathname);
  const sections = MENU_SECTIONS[area] as readonly MenuSection<A>[];
  let best: { section: MenuSection<A>; index: number } | null = null;
  for (const section of sections) {
    const index = segments.indexOf(section);
    if (index >= 0 && (best === null || index < best.index)) best = { section, index };
  }
  return best?.section ?? null;
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function hasCrawlerFlag(search: string): boolean {
  return new URLSearchParams(search).get('crawler') === 'true';
}

/** Paths the original lists as public by exact path. */
// `/dev/sandbox`: the embedded sandbox chat console plays fake viewers, who have no Hanabi session.
const PUBLIC_EXACT = new Set([
  '/',
  '/streamer',
  '/audience',
  '/externalRedirect',
  '/dev/mailbox',
  '/dev/sandbox',
  '/wallet/undo',
  '/signin/confirm',
]);
/** Substrings that make a path public (case-sensitive, as in the original). */
const PUBLIC_SUBSTRINGS = ['signup', 'finishSignUp', 'terms'];
/**
 * Hanabi additions: the public campaign page, the public draw proof page and the OBS overlay (a browser source
 * in the streaming software has no Hanabi session).
 */
const PUBLIC_PATTERNS = [/^\/campaign\/[^/]+$/, /^\/draw\/[^/]+$/, /^\/overlay\/[^/]+$/];

/**
 * Whether a page may be shown without a session: the root, `/streamer`, `/audience`, any path containing
 * `signup`, `finishSignUp` or `terms`, any URL with the query `crawler=true` (docs/original-spec.md §2), plus
 * `/campaign/:id`, `/draw/:id`, `/overlay/:id`, `/externalRedirect` (docs/design.md §2, §7, §9 and §10) and the
 * embedded-mode dev mailbox `/dev/mailbox` (a visitor reads their sign-in link there before having a session).
 */
export function isPublicPath(pathname: string, search = ''): boolean {
  const path = normalise(pathname);
  if (PUBLIC_EXACT.has(path)) return true;
  if (PUBLIC_SUBSTRINGS.some((part) => path.includes(part))) return true;
  if (PUBLIC_PATTERNS.some((pattern) => pattern.test(path))) return true;
  return hasCrawlerFlag(search);
}

/** Where a visitor without a session is sent, and where sign-out lands (shared with `src/lib`). */
export { signInPathFor };

/** The redirect for a page, or null when it may be shown. */
export function sessionRedirect(pathname: string, search: string, signedIn: boolean): string | null {
  if (signedIn || isPublicPath(pathname, search)) return null;
  return signInPathFor(pathname);
}

/** The wallet step is required on paths containing signup, finishSignUp, account or operator. */
export function requiresWalletStep(pathname: string): boolean {
  return ['signup', 'finishSignUp', 'account', 'operator'].some((part) => pathname.includes(part));
}

/** `/distributer` and everything under it move to the same path under `/streamer`. */
export function distributerRedirect(pathname: string): string | null {
  const match = /^\/distributer(?=\/|$)(.*)$/.exec(pathname);
  return match ? `/streamer${match[1] ?? ''}` : null;
}

/** Which area a pathname belongs to (for the header's area name), if any. */
export function areaOf(pathname: string): Area | 'signup' | null {
  const first = segmentsOf(pathname)[0];
  if (first === 'streamer' || first === 'audience' || first === 'operator' || first === 'signup')
    return first;
  return null;
}

export type AreaAccess = 'allowed' | 'wrong-type' | 'operator-only';

/**
 * Who may use an area's signed-in pages (a Hanabi decision; the original shows no guard): the streamer area
 * is for streamer accounts, the audience area for audience accounts, the operator area for `role = operator`
 * (of either type). The server enforces the same split on its routes; this only avoids dead-end pages.
 */
export function areaAccess(area: Area, account: Pick<Account, 'type' | 'role'>): AreaAccess {
  if (area === 'operator') return account.role === 'operator' ? 'allowed' : 'operator-only';
  return account.type === area ? 'allowed' : 'wrong-type';
}

/**
 * Which menu the shell shows: the layout's own area menu when the signed-in account may use that area,
 * otherwise the account's own menu (e.g. an audience member reading `/campaign/7` or the `/streamer` intro),
 * and none on the sign-up pages. Signed-out visitors see the streamer or audience menu inside those areas (they
 * only get there on public pages, e.g. with `crawler=true`); its entries lead to sign-up like any other link.
 */
export function menuAreaFor(
  layoutArea: Area | 'signup' | null,
  account: Pick<Account, 'type' | 'role'> | null | undefined,
): Area | null {
  if (layoutArea === 'signup') return null;
  if (!account) return layoutArea === 'streamer' || layoutArea === 'audience' ? layoutArea : null;
  if (layoutArea !== null && areaAccess(layoutArea, account) === 'allowed') return layoutArea;
  return account.type;
}

/**
 * Whether the wallet step comes before the page: on a wallet-step path (see `requiresWalletStep`), for a
 * signed-in account that has no wallet address yet. Signed-out visitors are never held by it.
 */
export function walletStepNeeded(
  pathname: string,
  account: Pick<Account, 'walletAddress'> | null | undefined,
): boolean {
  return requiresWalletStep(pathname) && account != null && !account.walletAddress;
}

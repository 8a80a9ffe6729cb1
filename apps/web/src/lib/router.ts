import { useLayoutEffect } from 'react';
import type { BaseLocationHook } from 'wouter';
import {
  navigate as browserNavigate,
  useBrowserLocation,
  useHistoryState,
} from 'wouter/use-browser-location';

/**
 * What wouter leaves to the app (decision 0195): navigation blockers (the unsaved-changes prompt), a key per
 * history entry (`useEntryKey`) and scroll restoration. The app's `<Router>` gets
 * `useAppLocation` (the browser's location, its navigate guarded); tests wrap a memory location in `withBlockers`.
 */

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Holds navigations while it has something to protect (the unsaved-changes prompt). */
export interface Blocker {
  /** Whether leaving for `to` (path and search) must be confirmed first. */
  blocks: (to: string) => boolean;
  /** Asks; calls `proceed` if the person confirms, nothing otherwise (the navigation is then dropped). */
  hold: (proceed: () => void) => void;
}

const blockers = new Set<Blocker>();

/** Registers a blocker until the returned function is called. */
export function addBlocker(blocker: Blocker): () => void {
  blockers.add(blocker);
  return () => void blockers.delete(blocker);
}

function blockerFor(to: string): Blocker | undefined {
  for (const blocker of blockers) if (blocker.blocks(to)) return blocker;
  return undefined;
}

/** Runs `go` now, or once confirmed when a blocker holds the way to `to`. */
function guarded(to: string, go: () => void): void {
  const blocker = blockerFor(to);
  if (blocker) blocker.hold(go);
  else go();
}

/** A location hook whose navigate consults the blockers (tests wrap wouter's memory location in it). */
export function withBlockers<H extends BaseLocationHook>(hook: H): H {
  const wrapped = ((...args: Parameters<H>) => {
    const [location, navigate] = hook(...args) as [string, (to: string, options?: NavigateOptions) => void];
    return [location, (to: string, options?: NavigateOptions) => guarded(to, () => navigate(to, options))];
  }) as unknown as H;
  return Object.assign(wrapped, { searchHook: (hook as { searchHook?: unknown }).searchHook });
}

// --- The browser's history -------------------------------------------------------------------------------------

/** What the app keeps in `history.state`: the entry's key and its index (to undo a blocked back/forward). */
interface Entry {
  key: string;
  idx: number;
  /** The `state` the navigation was given (the session guard's `from`). */
  usr?: unknown;
}

function isEntry(value: unknown): value is Entry {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Entry).key === 'string' &&
    typeof (value as Entry).idx === 'number'
  );
}

const newKey = () => Math.random().toString(36).slice(2, 10);
const SCROLL_STORAGE = 'hanabi.scroll';

/** The entry shown, how it was reached, and the scroll position of the entries left (by key). */
let current: Entry = { key: 'default', idx: 0 };
let lastNavigation: 'push' | 'replace' | 'pop' = 'pop';
let scrollPositions: Record<string, number> = {};

/** The app's navigate: pushes (or replaces) an entry with a fresh key, unless a blocker holds it. */
export function navigate(to: string, { replace: replaceAsked = false, state }: NavigateOptions = {}): void {
  // As the previous router did: going to the address already shown replaces the entry (no duplicate for Back).
  const replace = replaceAsked || to === `${location.pathname}${location.search}`;
  guarded(to, () => {
    scrollPositions[current.key] = window.scrollY;
    current = { key: newKey(), idx: replace ? current.idx : current.idx + 1, usr: state };
    lastNavigation = replace ? 'replace' : 'push';
    browserNavigate(to, { replace, state: current });
  });
}

/** Set while the guard undoes a blocked back/forward, or lets a confirmed one through. */
let undoing = false;
let confirmed = false;

/**
 * Back/forward has already moved the address when `popstate` fires: with unsaved changes the guard hides the
 * event from wouter (a capture listener runs first), goes back to the page it left (the index difference of
 * the two entries), and replays the move once confirmed.
 */
function onPopState(event: PopStateEvent): void {
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const target: unknown = event.state;
  const delta = isEntry(target) ? current.idx - target.idx : 0;
  const blocker = confirmed || delta === 0 ? undefined : blockerFor(`${location.pathname}${location.search}`);
  confirmed = false;
  if (blocker) {
    event.stopImmediatePropagation();
    undoing = true;
    history.go(delta);
    blocker.hold(() => {
      confirmed = true;
      history.go(-delta);
    });
    return;
  }
  scrollPositions[current.key] = window.scrollY;
  // An entry the browser made (a `#fragment` link) has no state: it keeps the index of the page it is on.
  current = isEntry(target) ? target : { key: newKey(), idx: current.idx };
  lastNavigation = 'pop';
}

let installed = false;

/** Once, before the app renders (app.tsx): keys the first entry, takes over scrolling, guards back/forward. */
export function installBrowserHistory(): void {
  if (installed) return;
  installed = true;
  if (!isEntry(history.state)) history.replaceState({ key: newKey(), idx: 0 } satisfies Entry, '');
  current = history.state as Entry;
  try {
    scrollPositions = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE) ?? '{}') as Record<string, number>;
  } catch {
    // Storage unavailable: positions are kept for this page's lifetime only.
  }
  history.scrollRestoration = 'manual';
  window.addEventListener('popstate', onPopState, { capture: true });
  window.addEventListener('pagehide', () => {
    scrollPositions[current.key] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_STORAGE, JSON.stringify(scrollPositions));
    } catch {
      // As above.
    }
  });
}

/** The app's location hook for `<Router hook>`: the browser's path, navigated through the blockers. */
export const useAppLocation: BaseLocationHook = (...args: Parameters<typeof useBrowserLocation>) => {
  return [useBrowserLocation(...args)[0], navigate];
};

/** This history entry's key (sessionStorage per entry, decision 0073); 'default' outside the browser's history. */
export function useEntryKey(): string {
  const state: unknown = useHistoryState();
  return isEntry(state) ? state.key : 'default';
}

/**
 * Scroll restoration, as the previous router's: a new page starts at the top (or at its `#fragment`); back/forward
 * (and a reload, through sessionStorage) returns to where that entry was left. Runs once a new `address` (path and
 * query) renders.
 */
export function useScrollRestoration(address: string): void {
  useLayoutEffect(() => {
    const saved = lastNavigation === 'pop' ? scrollPositions[current.key] : undefined;
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (lastNavigation !== 'pop') window.scrollTo(0, 0);
  }, [address]);
}

/** Back one entry (`history.back()`); the guard above still applies. */
export function goBack(): void {
  history.back();
}

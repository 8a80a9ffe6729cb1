import { cleanup, configure } from '@testing-library/react';
import { SESSION_HINT_COOKIE } from '@hanabi/api';
import { afterEach, beforeEach } from 'vitest';
import { loadLocale } from '../lib/i18n';

// findBy*/waitFor give up after 5 s, not 1 s: a page's lazy chunks load slowly when all test workers are busy
// (CI and a loaded machine). A wait is a limit, not a speed claim: the speed goals live in bench/.
configure({ asyncUtilTimeout: 5000 });

// The app loads English on demand; tests switch languages synchronously, so both are here from the start.
await loadLocale('en');

// Mantine reads these browser APIs, which happy-dom does not provide.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}
if (!window.scrollTo) window.scrollTo = () => {};
// Mantine's autosize Textarea listens for web fonts loading.
if (!('fonts' in document) || !document.fonts) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

// The server's "this browser has a session" hint (decision 0113): present by default, so the app asks the
// session as the tests' fake server expects; tests of a browser without a session remove it.
beforeEach(() => {
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

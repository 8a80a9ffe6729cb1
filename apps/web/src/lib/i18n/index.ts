import type { Account } from '@hanabi/api';
import { useMemo, useSyncExternalStore } from 'react';
import { ja } from './ja';
import type { MessageTree, Messages } from './ja';
import { laterMessages } from './later-messages';
import { createTranslator } from './translate';
import type { MessageKey, TFunction, TOptions } from './translate';

export type { MessageKey, PluralKey, TFunction, TOptions } from './translate';

/** The locales of the contract (`Account.locale`, `PublicConfig.defaultLocale`). */
export type Locale = Account['locale'];
export const LOCALES = ['ja', 'en'] as const satisfies readonly Locale[];
// Fails to compile if the contract gains a locale that LOCALES (and the message files) do not cover.
const _everyLocaleListed: [Exclude<Locale, (typeof LOCALES)[number]>] extends [never] ? true : never = true;
export const DEFAULT_LOCALE: Locale = 'ja';
/** localStorage key holding the chosen language. */
export const LOCALE_STORAGE_KEY = 'hanabi.locale';

/**
 * Only Japanese (the default) ships in the first load; every other language's messages are a separate chunk,
 * fetched when it is chosen (stored choice at start-up, or the language menu) — issue 16, decision 0083.
 */
const loadMessages: Record<Locale, () => Promise<Messages>> = {
  ja: () => Promise.resolve(ja),
  en: () => import('./en').then((m) => m.en),
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Cookie the server reads to draw a page's first paint in the chosen language (decision 0120). */
export const LOCALE_COOKIE = 'hanabi.locale';

/**
 * The language the user chose (localStorage), if any. Read here rather than through
 * i18next-browser-languagedetector: one key is all it looked at, and the detector was ~2.5 KiB gzip of every
 * page's first load (issue 16).
 */
function storedLocale(): Locale | undefined {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : undefined;
  } catch {
    return undefined; // storage blocked (privacy settings): Japanese
  }
}

/** Keeps `<html lang>` and the cookie the server reads in step with the language shown. */
function syncHtmlLang(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  // Mirrored from localStorage (the source of the choice), which the server cannot read.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** Languages whose later messages (decision 0190) are in, and the loads under way. */
const laterIn = new Set<Locale>();
const laterLoads = new Map<Locale, Promise<void>>();

/** Whether some text of the language shown may still arrive with its later messages (never in dev and tests). */
function laterPending(): boolean {
  const locale = currentLocale();
  return laterMessages[locale] !== null && !laterIn.has(locale);
}

/** The language chosen (shown once its messages are in), and the listeners of its changes and of new messages. */
let language: Locale = typeof window === 'undefined' ? DEFAULT_LOCALE : (storedLocale() ?? DEFAULT_LOCALE);
const listeners = new Set<() => void>();
let revision = 0;
function changed(): void {
  revision += 1;
  listeners.forEach((listener) => listener());
}

// A text of the later messages asked for before they are in (a lazy part of a public page, decision 0190) shows
// as nothing rather than its key, and the component draws it again once they arrive (`changed`).
const messages = createTranslator(DEFAULT_LOCALE, (key) => (laterPending() ? '' : key));
messages.add(DEFAULT_LOCALE, ja);

/** A `t` in one language, or (no `lng`) in the language shown when it is called. */
function fixedT(lng?: Locale): TFunction {
  return ((key: MessageKey, options?: TOptions) =>
    messages.translate(lng ?? currentLocale(), key, options)) as TFunction;
}

/** Remembers the language for the next visit and keeps `<html lang>` and the cookie in step. */
function languageChanged(): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page
  }
  syncHtmlLang(currentLocale());
}

/**
 * The app's messages (the names are i18next's, which it replaced: decision 0196). Japanese is the default: the
 * only source of another language is the user's explicit choice in localStorage (`hanabi.locale`), so a first
 * visit is always in Japanese.
 */
export const i18n = {
  /** The language chosen, even while its messages are still on their way. */
  get language(): Locale {
    return language;
  },
  /** The language shown: the one chosen once its messages are in, Japanese until then. */
  get resolvedLanguage(): Locale {
    return messages.has(language) ? language : DEFAULT_LOCALE;
  },
  /** A text of the language shown. */
  t: fixedT(),
  getFixedT: (lng: Locale): TFunction => fixedT(lng),
  exists: (key: string, options: { lng?: Locale } = {}): boolean =>
    messages.exists(options.lng ?? currentLocale(), key),
  changeLanguage: (lng: Locale): Promise<void> => {
    language = lng;
    languageChanged();
    changed();
    return Promise.resolve();
  },
  hasResourceBundle: (lng: Locale): boolean => messages.has(lng),
  /** Merges messages into a language's (deep, never replacing a text) and draws the app again. */
  addResourceBundle: (lng: Locale, bundle: MessageTree): void => {
    messages.add(lng, bundle);
    changed();
  },
  /** Tests only: forgets a language's messages. */
  removeResourceBundle: (lng: Locale): void => {
    messages.remove(lng);
    changed();
  },
  /** For `useSyncExternalStore`: a number that changes with the language and with every messages added. */
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  revision: (): number => revision,
};
if (typeof window !== 'undefined') languageChanged();

/** Adds a language's first-load messages to the instance (fetching its chunk the first time). */
async function loadFirstMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale)) return;
  // Merged (never replaced): the later messages of the language may have been added meanwhile.
  i18n.addResourceBundle(locale, await loadMessages[locale]());
}

/**
 * Adds all of a language's messages to the instance: its first-load messages if they are not in yet and the ones
 * a production build leaves out of the first load (decision 0190; in dev and tests there are none). Pages outside
 * the first load wait for it (`lazyPage`); the app starts it for the language shown as soon as it runs.
 */
export function loadLocale(locale: Locale = i18n.language): Promise<void> {
  const load = laterMessages[locale];
  if (!load) return loadFirstMessages(locale);
  let pending = laterLoads.get(locale);
  if (!pending) {
    pending = Promise.all([load(), loadFirstMessages(locale)]).then(([later]) => {
      laterIn.add(locale);
      i18n.addResourceBundle(locale, later as MessageTree);
    });
    // A later call tries again (offline, new deploy).
    pending.catch(() => laterLoads.delete(locale));
    laterLoads.set(locale, pending);
  }
  return pending;
}

/**
 * Resolves once the stored language's messages are in: the app renders after it, so a visitor who chose
 * English never sees Japanese (or keys) first. Immediate for Japanese.
 */
export const i18nReady: Promise<void> = (async () => {
  const stored = i18n.language;
  if (stored === DEFAULT_LOCALE) return;
  try {
    await loadFirstMessages(stored);
    await i18n.changeLanguage(stored);
  } catch (cause) {
    // The chunk could not be fetched (offline, new deploy): show Japanese rather than nothing.
    console.error(`Messages for "${stored}" failed to load`, cause);
  }
})();

/** The active locale, narrowed to the supported ones. */
export function currentLocale(): Locale {
  return i18n.resolvedLanguage;
}

/**
 * Switches the language once its messages are in (the page stays in the old language meanwhile, never shows
 * keys); the choice is kept in localStorage and `<html lang>` follows.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

/**
 * The messages for a component (react-i18next's hook, which it replaced: decision 0196): `t` in the language
 * shown, or in `lng` when given (the OBS overlay's own language), and `i18n`. The component draws again when the
 * language changes or messages arrive (a language's chunk, the later messages), with a new `t`.
 */
export function useTranslation(options: { lng?: Locale } = {}): { t: TFunction; i18n: typeof i18n } {
  const revision = useSyncExternalStore(i18n.subscribe, i18n.revision, i18n.revision);
  const { lng } = options;
  // A new `t` on every change, so what a component memoizes over `t` follows the language.
  const t = useMemo(() => {
    void revision;
    return i18n.getFixedT(lng ?? i18n.resolvedLanguage);
  }, [lng, revision]);
  return { t, i18n };
}

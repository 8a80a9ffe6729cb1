import type { Account } from '@hanabi/api';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { ja } from './ja';
import type { Messages } from './ja';

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

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document === 'undefined') return;
  const locale = isLocale(lng) ? lng : DEFAULT_LOCALE;
  document.documentElement.lang = locale;
  // Mirrored from localStorage (the source of the choice), which the server cannot read.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * One i18next instance for the app. Japanese is the default: the only detection source is the
 * user's explicit choice in localStorage (`hanabi.locale`), so a first visit is always in Japanese.
 */
export const i18n = i18next.createInstance();
i18n.on('languageChanged', syncHtmlLang);
void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { ja: { translation: ja } },
    partialBundledLanguages: true,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: LOCALE_STORAGE_KEY,
      caches: ['localStorage'],
    },
  });
syncHtmlLang(i18n.resolvedLanguage);

/** Adds a language's messages to the instance (fetching its chunk the first time). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await loadMessages[locale]());
}

/**
 * Resolves once the stored language's messages are in: the app renders after it, so a visitor who chose
 * English never sees Japanese (or keys) first. Immediate for Japanese.
 */
export const i18nReady: Promise<void> = (async () => {
  const stored = i18n.language;
  if (!isLocale(stored) || stored === DEFAULT_LOCALE) return;
  try {
    await loadLocale(stored);
    await i18n.changeLanguage(stored);
  } catch (cause) {
    // The chunk could not be fetched (offline, new deploy): show Japanese rather than nothing.
    console.error(`Messages for "${stored}" failed to load`, cause);
  }
})();

/** The active locale, narrowed to the supported ones. */
export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/**
 * Switches the language once its messages are in (the page stays in the old language meanwhile, never shows
 * keys); the detector persists it to localStorage and `<html lang>` follows.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

import type { Account } from '@hanabi/api';
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { ja } from './ja';

/** The locales of the contract (`Account.locale`, `PublicConfig.defaultLocale`). */
export type Locale = Account['locale'];
export const LOCALES = ['ja', 'en'] as const satisfies readonly Locale[];
// Fails to compile if the contract gains a locale that LOCALES (and the message files) do not cover.
const _everyLocaleListed: [Exclude<Locale, (typeof LOCALES)[number]>] extends [never] ? true : never = true;
export const DEFAULT_LOCALE: Locale = 'ja';
/** localStorage key holding the chosen language. */
export const LOCALE_STORAGE_KEY = 'hanabi.locale';

export const resources = { ja: { translation: ja }, en: { translation: en } } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = isLocale(lng) ? lng : DEFAULT_LOCALE;
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
    resources,
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

/** The active locale, narrowed to the supported ones. */
export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

/** Switches the language; the detector persists it to localStorage and `<html lang>` follows. */
export async function setLocale(locale: Locale): Promise<void> {
  await i18n.changeLanguage(locale);
}

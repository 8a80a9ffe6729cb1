import { LOCALES, type Locale } from '@hanabi/api';

/** The web app mirrors its language choice into this cookie (`lib/i18n`), so the server can answer in it. */
export const LOCALE_COOKIE = 'hanabi.locale';

/** A language tag (`en-GB`, `ja_JP`, `en`) as one of the languages Hanabi writes, or null. */
export function localeOf(value: unknown): Locale | null {
  if (typeof value !== 'string') return null;
  const language = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : null;
}

/** The web app's language from its cookie, or null when the request carries none. */
export function cookieLocale(cookieHeader: string | null | undefined): Locale | null {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : null;
}

/** The first language of an Accept-Language header that Hanabi writes, by the quality the header gives it. */
export function acceptedLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...parameters] = part.split(';');
      const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { locale: localeOf(tag), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.locale !== null && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.locale ?? null;
}

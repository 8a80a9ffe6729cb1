import type { FastifyRequest } from 'fastify';

/** The languages a shared page's tags and card are written in (the web app's, `lib/i18n`). */
export const OG_LOCALES = ['ja', 'en'] as const;
export type OgLocale = (typeof OG_LOCALES)[number];

/** `og:locale` values (language_TERRITORY, as the Open Graph protocol spells them). */
export const OG_LOCALE_TAGS: Record<OgLocale, string> = { ja: 'ja_JP', en: 'en_US' };

/** The web app mirrors its language choice into this cookie (`lib/i18n`), so the server paints in it. */
const LOCALE_COOKIE = 'hanabi.locale';

/** The visitor's language from the web app's cookie; Japanese (the default) without one. */
export function paintLocale(cookieHeader: string | undefined): OgLocale {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return (OG_LOCALES as readonly string[]).includes(value ?? '') ? (value as OgLocale) : 'ja';
}

function localeOf(value: unknown): OgLocale | null {
  if (typeof value !== 'string') return null;
  const language = value.trim().toLowerCase().split(/[-_]/)[0];
  return (OG_LOCALES as readonly string[]).includes(language ?? '') ? (language as OgLocale) : null;
}

/** The first language of an Accept-Language header that Hanabi writes, by the quality the header gives it. */
export function acceptedLocale(header: string | undefined): OgLocale | null {
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

/**
 * The language a shared page answers in (decision 0220): asked for in the link (`?lang=en`, or Facebook's
 * `fb_locale` / `X-Facebook-Locale` when it fetches the alternates `og:locale:alternate` names), then the web
 * app's own choice (its `hanabi.locale` cookie), then the reader's Accept-Language, else Japanese, the app's default.
 */
export function ogLocale(request: FastifyRequest): OgLocale {
  const query = request.query as Record<string, unknown>;
  const asked =
    localeOf(query.lang) ?? localeOf(query.fb_locale) ?? localeOf(request.headers['x-facebook-locale']);
  if (asked) return asked;
  const cookie = request.headers.cookie;
  if (cookie?.split(';').some((part) => part.trim().startsWith(`${LOCALE_COOKIE}=`)))
    return paintLocale(cookie);
  return acceptedLocale(request.headers['accept-language']) ?? 'ja';
}

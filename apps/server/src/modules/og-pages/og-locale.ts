import type { FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@hanabi/api';
import { acceptedLocale, cookieLocale, localeOf } from '../../lib/request-locale.ts';

/** The languages a shared page's tags and card are written in (the web app's, `lib/i18n`). */
export const OG_LOCALES = LOCALES;
export type OgLocale = Locale;

/** `og:locale` values (language_TERRITORY, as the Open Graph protocol spells them). */
export const OG_LOCALE_TAGS: Record<OgLocale, string> = { ja: 'ja_JP', en: 'en_US' };

/** The visitor's language from the web app's cookie; Japanese (the default) without one. */
export function paintLocale(cookieHeader: string | undefined): OgLocale {
  return cookieLocale(cookieHeader) ?? 'ja';
}

/**
 * The language a shared page answers in (decision 0220): asked for in the link (`?lang=en`, or Facebook's
 * `fb_locale` / `X-Facebook-Locale` when it fetches the alternates `og:locale:alternate` names), then the web
 * app's own choice (its `hanabi.locale` cookie), then the reader's Accept-Language, else Japanese, the app's default.
 */
export function ogLocale(request: FastifyRequest): OgLocale {
  const query = request.query as Record<string, unknown>;
  return (
    localeOf(query.lang) ??
    localeOf(query.fb_locale) ??
    localeOf(request.headers['x-facebook-locale']) ??
    cookieLocale(request.headers.cookie) ??
    acceptedLocale(request.headers['accept-language']) ??
    'ja'
  );
}

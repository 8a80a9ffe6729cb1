import { OG_LOCALE_TAGS, OG_LOCALES, type OgLocale } from './og-locale.ts';

/** What a crawler is told about a page (Open Graph and Twitter card). */
export interface OgTags {
  /** The language the texts are in (`og:locale`; the others are `og:locale:alternate`). */
  locale: OgLocale;
  title: string;
  description: string;
  url: string;
  imageUrl: string;
  imageAlt: string;
  siteName: string;
}

const CRAWLER_AGENTS =
  /twitterbot|facebookexternalhit|facebot|slackbot|slack-imgproxy|discordbot|googlebot|google-inspectiontool|bingbot|linkedinbot|line\/|linebot|line-poker|embedly|pinterest|whatsapp|telegrambot|applebot|redditbot|skypeuripreview|mastodon|misskey|hatena|yahoo|duckduckbot|baiduspider|yandex|iframely|vkshare|ahrefsbot|semrushbot/i;

/** A link-preview or search crawler, by user agent, or any request with `crawler=true` (docs/original-spec.md §2). */
export function isCrawlerRequest(userAgent: string | undefined, query: Record<string, unknown>): boolean {
  if (query.crawler === 'true') return true;
  return Boolean(userAgent && CRAWLER_AGENTS.test(userAgent));
}

/** Text safe inside HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The SPA's index.html with the page's own `<title>` and Open Graph / Twitter card tags in its head (any it
 * already had are replaced), so a crawler that runs no script still sees them.
 */
export function injectOgTags(indexHtml: string, tags: OgTags): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  const block = [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', tags.siteName),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    meta('property', 'og:locale', OG_LOCALE_TAGS[tags.locale]),
    ...OG_LOCALES.filter((locale) => locale !== tags.locale).map((locale) =>
      meta('property', 'og:locale:alternate', OG_LOCALE_TAGS[locale]),
    ),
    meta('property', 'og:image', tags.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', tags.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.imageUrl),
    meta('name', 'twitter:image:alt', tags.imageAlt),
  ].join('\n    ');
  const stripped = indexHtml
    .replace(/(<html\b[^>]*?\slang=")[^"]*(")/i, `$1${tags.locale}$2`)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+(?:property|name)="(?:og:[^"]*|twitter:[^"]*|description)"[^>]*>\s*/gi, '')
    .replace(/<link\s+rel="canonical"[^>]*>\s*/gi, '');
  return /<\/head>/i.test(stripped)
    ? stripped.replace(/<\/head>/i, `  ${block}\n  </head>`)
    : `<!doctype html><html lang="${tags.locale}"><head>${block}</head><body>${stripped}</body></html>`;
}

/** Used when the web app is not built (tests, API-only deployments): crawlers only need the head. */
export const MINIMAL_INDEX_HTML =
  '<!doctype html>\n<html lang="ja">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Hanabi</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

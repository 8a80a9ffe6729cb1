import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { escapeHtml, injectOgTags, isCrawlerRequest, MINIMAL_INDEX_HTML } from './og-tags.ts';
import { ogLocale } from './og-locale.ts';
import { acceptedLocale } from '../../lib/request-locale.ts';

describe('crawler pages', () => {
  it('recognises crawlers by user agent or crawler=true', () => {
    expect(isCrawlerRequest('Twitterbot/1.0', {})).toBe(true);
    expect(
      isCrawlerRequest('facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', {}),
    ).toBe(true);
    expect(isCrawlerRequest('Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', {})).toBe(
      true,
    );
    expect(isCrawlerRequest('Mozilla/5.0 (Windows NT 10.0) Chrome/120.0 Safari/537.36', {})).toBe(false);
    expect(isCrawlerRequest(undefined, { crawler: 'true' })).toBe(true);
    expect(isCrawlerRequest(undefined, { crawler: 'false' })).toBe(false);
  });

  it('escapes what it puts in the head', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe(
      '&#60;script&#62;&#34;x&#34; &#38; &#39;y&#39;&#60;/script&#62;',
    );
    const html = injectOgTags(MINIMAL_INDEX_HTML, {
      title: 'A "quoted" <b>title</b>',
      description: `it's & more`,
      url: 'http://localhost:3000/campaign/1',
      imageUrl: 'http://localhost:3000/files/ogp/1.png?v=abc',
      imageAlt: 'alt',
      siteName: 'Hanabi',
      locale: 'ja',
    });
    expect(html).toContain(
      '<meta property="og:title" content="A &#34;quoted&#34; &#60;b&#62;title&#60;/b&#62;" />',
    );
    expect(html).toContain('<title>A &#34;quoted&#34; &#60;b&#62;title&#60;/b&#62;</title>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).not.toContain('<title>Hanabi</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('replaces tags the page already had', () => {
    const page =
      '<html><head><title>Old</title><meta property="og:title" content="old" /></head><body></body></html>';
    const html = injectOgTags(page, {
      title: 'New',
      description: 'd',
      url: 'u',
      imageUrl: 'i',
      imageAlt: 'a',
      siteName: 's',
      locale: 'ja',
    });
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).toContain('content="New"');
  });

  it('names the language of the texts and the other one, and sets the page language', () => {
    const page =
      '<!doctype html><html lang="ja"><head><meta property="og:locale" content="ja_JP" /></head><body></body></html>';
    const html = injectOgTags(page, {
      title: 'T',
      description: 'd',
      url: 'u',
      imageUrl: 'i',
      imageAlt: 'a',
      siteName: 's',
      locale: 'en',
    });
    expect(html).toContain('<html lang="en">');
    expect(html.match(/property="og:locale"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:locale" content="en_US" />');
    expect(html).toContain('<meta property="og:locale:alternate" content="ja_JP" />');
  });
});

describe('the language a shared page answers in', () => {
  const request = (query: Record<string, string>, headers: Record<string, string> = {}) =>
    ({ query, headers }) as unknown as FastifyRequest;

  it('reads Accept-Language by quality, and only the languages Hanabi writes', () => {
    expect(acceptedLocale('en-US,en;q=0.9,ja;q=0.8')).toBe('en');
    expect(acceptedLocale('fr-FR, ja;q=0.5, en;q=0.4')).toBe('ja');
    expect(acceptedLocale('de, en;q=0')).toBeNull();
    expect(acceptedLocale(undefined)).toBeNull();
  });

  it('takes the link first, then the app cookie, then Accept-Language, else Japanese', () => {
    const english = { 'accept-language': 'en' };
    expect(ogLocale(request({}, {}))).toBe('ja');
    expect(ogLocale(request({}, english))).toBe('en');
    expect(ogLocale(request({}, { ...english, cookie: 'a=1; hanabi.locale=ja' }))).toBe('ja');
    expect(ogLocale(request({ lang: 'ja' }, english))).toBe('ja');
    expect(ogLocale(request({ lang: 'en' }, { cookie: 'hanabi.locale=ja' }))).toBe('en');
    expect(ogLocale(request({ fb_locale: 'en_GB' }))).toBe('en');
    expect(ogLocale(request({}, { 'x-facebook-locale': 'ja_JP', ...english }))).toBe('ja');
    expect(ogLocale(request({ lang: 'xx' }, english))).toBe('en');
  });
});

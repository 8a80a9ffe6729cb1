import { describe, expect, it } from 'vitest';
import { escapeHtml, injectOgTags, isCrawlerRequest, MINIMAL_INDEX_HTML } from './og-tags.ts';

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
    });
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).toContain('content="New"');
  });
});

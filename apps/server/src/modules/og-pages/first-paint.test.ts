import { describe, expect, it } from 'vitest';
import { firstPaintFrame, firstPaintPicture, injectFirstPaint, safeImageUrl } from './first-paint.ts';

describe('first paint helpers', () => {
  it('keeps only site paths and http(s) picture URLs', () => {
    expect(safeImageUrl('/files/a.png')).toBe('/files/a.png');
    expect(safeImageUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    for (const url of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA', '', null]) {
      expect(safeImageUrl(url)).toBeNull();
    }
  });

  it('escapes attribute values of a picture', () => {
    const markup = firstPaintPicture('/files/a.png?x="><script>', 'a "b" <c>', 'cover', {
      width: 16,
      height: 9,
    });
    expect(markup).not.toContain('<script>');
    expect(markup).toContain('src="/files/a.png?x=&#34;&#62;&#60;script&#62;"');
    expect(markup).toContain('alt="a &#34;b&#34; &#60;c&#62;"');
  });

  it('puts the paint in #root, pictures first in the head and scripts for later, and leaves other pages alone', () => {
    const index =
      '<html><head><title>x</title>\n    <link rel="modulepreload" crossorigin href="/assets/app-1.js">\n' +
      '    <link rel="preload" as="style" crossorigin href="/assets/app-1.css">\n' +
      '</head><body><div id="root"></div></body></html>';
    const html = injectFirstPaint(
      index,
      { markup: firstPaintFrame('<p>hi</p>'), preloadImages: ['/files/$&.png'] },
      ['/assets/page-1.js'],
    );
    expect(html).toMatch(
      /^<html><head>\s*<link rel="preload" as="image" fetchpriority="high" href="\/files\/\$&#38;\.png">/,
    );
    // With a paint no script is fetched before it shows (decision 0120): the entry preloads these after it.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('app-1.css'); // the app's stylesheet comes with the app (decision 0191)
    expect(html).toMatch(/<meta name="hanabi-preload" content="\/assets\/page-1\.js">\s*<\/head>/);
    expect(html).toContain('<div id="root"><div data-first-paint=""');
    // Its stylesheet in the head, where HTML allows `<style>` (decision 0218), and none left in the body.
    expect(html).toMatch(
      /<style data-first-paint-style="">\.fp-header\{[^<]*<\/style>\s*<meta name="hanabi-preload"/,
    );
    expect(html.slice(html.indexOf('<body>'))).not.toContain('<style');
    expect(html).toContain('<p>hi</p></div></main></div></div></body>');
    expect(injectFirstPaint(index, null, [])).toBe(index);
    // Without a paint the route's scripts are fetched with the entry's.
    expect(injectFirstPaint(index, null, ['/assets/page-1.js'])).toMatch(
      /href="\/assets\/app-1\.js">[^]*<link rel="modulepreload" crossorigin href="\/assets\/page-1\.js">\s*<\/head>/,
    );
  });

  it("draws an area's navbar only when asked: burger on a phone, the 240 px column from sm on", () => {
    const plain = firstPaintFrame('<p>x</p>');
    expect(plain).not.toContain('fp-navbar');
    expect(plain).not.toContain('fp-burger');
    const area = firstPaintFrame('<p>x</p>', { navbar: true });
    expect(area).toContain('<header class="fp-header"><span class="fp-burger"></span><a href="/"');
    expect(area).toContain('<div class="fp-navbar"></div><main class="fp-main">');
    expect(area).toMatch(/@media \(min-width:48em\)\{\.fp-burger\{display:none\}/);
    expect(area).toContain('.fp-main{padding-left:calc(240px + var(--mantine-spacing-md))}');
  });
});

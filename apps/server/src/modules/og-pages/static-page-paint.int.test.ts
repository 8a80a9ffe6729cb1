import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { paintLocale } from './og-locale.ts';

const ROUTE = 'src/features/home/pages/landing.page.tsx';
const INDEX =
  '<!doctype html>\n<html lang="ja" data-mantine-color-scheme="light">\n  <head>\n    <title>Hanabi</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-Entry123.js"></script>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const MANIFEST = {
  'index.html': { file: 'assets/index-Entry123.js', isEntry: true, imports: ['_shared-Sh4red99.js'] },
  '_shared-Sh4red99.js': { file: 'assets/shared-Sh4red99.js' },
  [ROUTE]: { file: 'assets/landing.page-P4ge0001.js', imports: ['_shared-Sh4red99.js'] },
};

describe('the language of a first paint', () => {
  it('is the web app cookie when it names a known language, else Japanese', () => {
    expect(paintLocale('a=1; hanabi.locale=en; b=2')).toBe('en');
    expect(paintLocale('hanabi.locale=ja')).toBe('ja');
    for (const header of [undefined, '', 'hanabi.locale=fr', 'hanabi.locale=<script>', 'xhanabi.locale=en']) {
      expect(paintLocale(header)).toBe('ja');
    }
  });
});

/** What people get at `/` before script runs (decision 0120). */
describe.each(testBackends())('the landing page first paint on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;

  const open = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-landing-paint-'));
    await fs.mkdir(path.join(webDist, '.vite'));
    await fs.mkdir(path.join(webDist, '.first-paint'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    await fs.writeFile(path.join(webDist, '.first-paint/landing.ja.html'), '<h1>ようこそ</h1>');
    await fs.writeFile(path.join(webDist, '.first-paint/landing.en.html'), '<h1>Welcome</h1>');
    ctx = await createTestContext(backend, { env: { HANABI_WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it("draws the build's Japanese landing inside #root and lists the route's own scripts", async () => {
    const page = await open();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toContain('cookie');
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    expect(page.body).toContain('<html lang="ja"');
    expect(page.body).toMatch(/<div id="root"><div data-first-paint=""[^]*<h1>ようこそ<\/h1>/);
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).toContain('<meta name="hanabi-preload" content="/assets/landing.page-P4ge0001.js">');
  });

  it('draws it in the language the visitor chose, with <html lang> to match', async () => {
    const page = await open({ cookie: 'hanabi.locale=en' });
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).toContain('<h1>Welcome</h1>');
    expect(page.body).not.toContain('ようこそ');
  });

  it('answers 304 to its own ETag, compressed when asked, and not a page to a JSON client', async () => {
    const first = await open();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect((await open({ 'if-none-match': etag })).statusCode).toBe(304);
    expect((await open({ 'if-none-match': etag, cookie: 'hanabi.locale=en' })).statusCode).toBe(200);
    expect((await open({ 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    const json = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json().error.code).toBe('NOT_FOUND');
  });

  it('is the plain app shell when the build has no first paint', async () => {
    await fs.rm(path.join(webDist, '.first-paint'), { recursive: true });
    // A new build (its index.html changed) is picked up without a restart.
    await fs.writeFile(
      path.join(webDist, 'index.html'),
      INDEX.replace('<title>Hanabi</title>', '<title>H2</title>'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const page = await open();
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).toContain('<title>H2</title>');
  });
});

/** What a signed-out visitor gets at `/audience` and `/streamer` before script runs (decision 0193). */
describe.each(testBackends())('the area introductions first paint on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;
  const INTRO = 'src/features/home/pages/area-intro.page.tsx';

  const open = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-intro-paint-'));
    await fs.mkdir(path.join(webDist, '.vite'));
    await fs.mkdir(path.join(webDist, '.first-paint'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(
      path.join(webDist, '.vite/manifest.json'),
      JSON.stringify({ ...MANIFEST, [INTRO]: { file: 'assets/area-intro.page-Intr0001.js' } }),
    );
    for (const area of ['audience', 'streamer']) {
      for (const locale of ['ja', 'en']) {
        await fs.writeFile(
          path.join(webDist, `.first-paint/area-intro.${area}.${locale}.html`),
          `<h1>${area} ${locale}</h1>`,
        );
      }
    }
    ctx = await createTestContext(backend, { env: { HANABI_WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it("draws each area's introduction with the area's navbar, in the visitor's language", async () => {
    for (const area of ['audience', 'streamer']) {
      const page = await open(`/${area}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers.vary).toContain('cookie');
      expect(page.headers['x-ratelimit-limit']).toBeUndefined();
      expect(page.body).toMatch(new RegExp(`<div id="root"><div data-first-paint=""[^]*<h1>${area} ja</h1>`));
      expect(page.body).toContain('<div class="fp-navbar"></div>');
      expect(page.body).toContain(
        '<meta name="hanabi-preload" content="/assets/area-intro.page-Intr0001.js">',
      );
      expect((await open(`/${area}`, { cookie: 'hanabi.locale=en' })).body).toContain(`<h1>${area} en</h1>`);
    }
  });

  it('draws nothing for a signed-in visitor (their page says who they are) and preloads the page instead', async () => {
    const page = await open('/audience', { cookie: 'hanabi.locale=en; hanabi.session_token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('data-first-paint');
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/area-intro.page-Intr0001.js">',
    );
  });
});

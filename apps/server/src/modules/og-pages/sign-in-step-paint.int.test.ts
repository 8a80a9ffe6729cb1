import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { signUpByEmail } from '../../test/auth-helpers.ts';

const PROFILE = 'src/features/streamers/pages/streamer-profile.page.tsx';
const SIGNUP = 'src/features/signup/pages/signup.page.tsx';
const INDEX =
  '<!doctype html>\n<html lang="ja" data-mantine-color-scheme="light">\n  <head>\n    <title>Hanabi</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-Entry123.js"></script>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const MANIFEST = {
  'index.html': { file: 'assets/index-Entry123.js', isEntry: true },
  [PROFILE]: { file: 'assets/streamer-profile.page-Pr0f1le1.js' },
  [SIGNUP]: { file: 'assets/signup.page-S1gnup01.js' },
};

/** What people get at `/audience/streamer/{id}` before script runs (decision 0120). */
describe.each(testBackends())('the streamer page first paint on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;
  let streamerId: string;

  const open = (headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/audience/streamer/${streamerId}`,
      headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile', ...headers },
    });
  // Scripts fetched with the entry (no paint), or listed for the entry to fetch after the paint (decision 0120).
  const preloadsOf = (html: string) => [
    ...[...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
    ...(/<meta name="hanabi-preload" content="([^"]+)">/.exec(html)?.[1]?.split(' ') ?? []),
  ];

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-signin-paint-'));
    await fs.mkdir(path.join(webDist, '.vite'));
    await fs.mkdir(path.join(webDist, '.first-paint'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    for (const lead of ['emailOnly', 'emailOnly.devMailbox', 'withProviders']) {
      await fs.writeFile(
        path.join(webDist, `.first-paint/signup-audience.${lead}.ja.html`),
        `<h1>ja ${lead}</h1>`,
      );
      await fs.writeFile(
        path.join(webDist, `.first-paint/signup-audience.${lead}.en.html`),
        `<h1>en ${lead}</h1>`,
      );
    }
    ctx = await createTestContext(backend, {
      env: { HANABI_WEB_DIST: webDist, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    streamerId = (await signUpByEmail(ctx, 'streamer@example.com', 'streamer', 'Streamer')).userId;
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('draws the sign-in step for a signed-out visitor and preloads its scripts, not the profile', async () => {
    const page = await open();
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).toContain('cookie');
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    // Embedded test config offers no Google or X: the e-mail-only step, with the dev mailbox's hint (decision 0192).
    expect(page.body).toMatch(
      /<div id="root"><div data-first-paint=""[^]*<h1>ja emailOnly\.devMailbox<\/h1>/,
    );
    expect(preloadsOf(page.body)).toEqual(['/assets/signup.page-S1gnup01.js']);
  });

  it('draws it in the language the visitor chose', async () => {
    const page = await open({ cookie: 'hanabi.locale=en' });
    expect(page.body).toContain('<html lang="en"');
    expect(page.body).toContain('<h1>en emailOnly.devMailbox</h1>');
  });

  it('draws nothing with a session cookie (the profile shows) and preloads the profile', async () => {
    for (const cookie of ['hanabi.session_token=abc', 'a=b; __Secure-hanabi.session_token=abc']) {
      const page = await open({ cookie });
      expect(page.body).toContain('<div id="root"></div>');
      expect(preloadsOf(page.body)).toEqual(['/assets/streamer-profile.page-Pr0f1le1.js']);
    }
  });

  it('gives crawlers the tags, not the sign-in step', async () => {
    const page = await open({ 'user-agent': 'Twitterbot/1.0' });
    expect(page.body).toContain('og:title');
    expect(page.body).not.toContain('data-first-paint');
  });
});

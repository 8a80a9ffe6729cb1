import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';

const ROUTE = 'src/features/campaigns/pages/campaign-detail.page.tsx';
const INDEX =
  '<!doctype html>\n<html lang="ja">\n  <head>\n    <title>Hanabi</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-Entry123.js"></script>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
/** The web build's manifest as Vite writes it: the entry, the campaign page's chunk and a chunk they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-Entry123.js', isEntry: true, imports: ['_shared-Sh4red99.js'] },
  '_shared-Sh4red99.js': { file: 'assets/shared-Sh4red99.js' },
  '_card-C4rd0001.js': { file: 'assets/card-C4rd0001.js', imports: ['_shared-Sh4red99.js'] },
  [ROUTE]: { file: 'assets/campaign-detail.page-P4ge0001.js', imports: ['_card-C4rd0001.js'] },
};

type Person = SignedIn & { userId: string };

/** What people (not crawlers) get at `/campaign/{id}` before script runs (decision 0101). */
describe.each(testBackends())('the campaign page first paint on %s', (backend) => {
  let ctx: TestContext;
  let webDist: string;
  let alice: Person;
  let campaignId: string;
  let draftId: string;
  const title = '<script>alert("花火")</script> & 夏';

  const open = (id: string, userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile') =>
    ctx.app.inject({
      method: 'GET',
      url: `/campaign/${id}`,
      headers: { 'user-agent': userAgent, accept: 'text/html' },
    });

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-first-paint-'));
    await fs.mkdir(path.join(webDist, '.vite'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    ctx = await createTestContext(backend, {
      env: { HANABI_WEB_DIST: webDist, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス <b>');
    const prize = await createGoods(ctx, alice, { name: '金の "花火" バッジ' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: bearerHeaders(alice.token),
      payload: campaignBody(prize.id, { title }),
    });
    campaignId = created.json().id;
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: bearerHeaders(alice.token),
      payload: campaignBody(prize.id, { status: 'draft', title: 'secret draft' }),
    });
    draftId = draft.json().id;
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('draws the title, prize and streamer inside #root, every text escaped', async () => {
    const page = await open(campaignId);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    const root = html.slice(html.indexOf('<div id="root">'), html.lastIndexOf('</body>'));
    expect(root).toContain('<div data-first-paint=""');
    expect(root).toContain(
      '<h1 class="fp-title">&#60;script&#62;alert(&#34;花火&#34;)&#60;/script&#62; &#38; 夏</h1>',
    );
    expect(html).not.toContain('<script>alert');
    expect(root).toContain('金の &#34;花火&#34; バッジ');
    expect(root).toContain('アリス &#60;b&#62;');
    expect(root).not.toContain('<b>');
    // The prize picture (no cover here) is the one preloaded, first thing in the head.
    const picture = /<img src="([^"]+)" alt="金の &#34;花火&#34; バッジ" width="800" height="800"/.exec(
      root,
    )?.[1];
    expect(picture).toMatch(/\/files\//);
    expect(html).toMatch(
      new RegExp(`<head>\\s*<link rel="preload" as="image" fetchpriority="high" href="${picture}">`),
    );
  });

  it("lists the route's own scripts for after the paint, not those the entry already brings", async () => {
    const html = (await open(campaignId)).body;
    // Decision 0120: no script is fetched before the paint is up; the entry preloads these one frame later.
    expect(html).not.toContain('modulepreload');
    const listed = /<meta name="hanabi-preload" content="([^"]+)">/.exec(html)?.[1]?.split(' ');
    expect(listed?.sort()).toEqual(['/assets/campaign-detail.page-P4ge0001.js', '/assets/card-C4rd0001.js']);
    expect(html.indexOf('hanabi-preload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('draws nothing for a draft or an unknown id (the app says so), and gives crawlers their tags only', async () => {
    for (const id of [draftId, 'nope']) {
      const page = await open(id);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).not.toContain('secret draft');
      expect(page.body).toContain('/assets/campaign-detail.page-P4ge0001.js');
    }
    const crawler = await open(campaignId, 'Twitterbot/1.0');
    expect(crawler.body).toContain('og:title');
    expect(crawler.body).not.toContain('data-first-paint');
  });
});

import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, SESSION_HINT_COOKIE } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { insertCampaign, insertGoods } from '../../test/analytics.fixture.ts';

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

  it('carries the public campaign and config as page data, JSON that cannot end its script element', async () => {
    const page = await open(campaignId);
    const match = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(page.body);
    expect(match).not.toBeNull();
    // The title's markup is inside as JSON text (\u003c), never as a tag.
    expect(match![1]).toContain('\\u003cscript>alert');
    const data = JSON.parse(match![1]!) as {
      campaign: { id: string; title: string };
      config: { mode: string };
    };
    const api = await ctx.app.inject({ method: 'GET', url: `/api/campaign/${campaignId}` });
    // Exactly what the API answers a signed-out caller: the app can use it instead of asking.
    expect(data.campaign).toEqual(api.json());
    expect(data.campaign.title).toBe(title);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/config' });
    expect(data.config).toEqual(config.json());
    // A draft has neither paint nor data.
    expect((await open(draftId)).body).not.toContain(PAGE_DATA_ELEMENT_ID);
    // A scheduled campaign's page shows no results, so it carries none.
    expect(data).not.toHaveProperty('results');
  });

  it('a live campaign also carries its public results, exactly as the API answers them', async () => {
    const db = ctx.container.database.db;
    const goodsId = await insertGoods(db, alice.userId, { name: 'live prize' });
    const liveId = await insertCampaign(db, {
      streamerId: alice.userId,
      goodsId,
      status: 'live',
      title: 'live now',
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    const html = (await open(liveId)).body;
    const json = new RegExp(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`,
    ).exec(html)![1]!;
    const data = JSON.parse(json) as { campaign: { status: string }; results: unknown };
    expect(data.campaign.status).toBe('live');
    const api = await ctx.app.inject({ method: 'GET', url: `/api/campaign/${liveId}/results` });
    expect(api.statusCode).toBe(200);
    expect(data.results).toEqual(api.json());
  });

  it('the same page answers with one ETag (304 on a match, compressed once) until the campaign changes', async () => {
    const first = await open(campaignId);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    expect((await open(campaignId)).headers.etag).toBe(etag);
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/campaign/${campaignId}`,
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const br = await ctx.app.inject({
      method: 'GET',
      url: `/campaign/${campaignId}`,
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaign/${campaignId}`,
      headers: bearerHeaders(alice.token),
      payload: { title: 'renamed 花火' },
    });
    expect(renamed.statusCode).toBe(200);
    const changed = await open(campaignId);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.body).toContain('renamed 花火');
  });

  it('mirrors whether the browser has a session into the readable hint cookie, on the page itself', async () => {
    const hintOf = (page: { headers: Record<string, unknown> }) =>
      ([page.headers['set-cookie']].flat().filter(Boolean) as string[]).find((line) =>
        line.startsWith(`${SESSION_HINT_COOKIE}=`),
      );
    const visit = (cookie?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/campaign/${campaignId}`,
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
    // Signed out, no hint: nothing set (a burst of viewers gets no cookie).
    expect(hintOf(await visit())).toBeUndefined();
    // A session cookie without the hint (a session from before it): set.
    expect(hintOf(await visit('hanabi.session_token=abc.def'))).toMatch(
      /^hanabi\.has_session=1; Max-Age=\d+/,
    );
    // Both: nothing to change.
    expect(hintOf(await visit(`hanabi.session_token=abc.def; ${SESSION_HINT_COOKIE}=1`))).toBeUndefined();
    // A hint without a session (signed out elsewhere, expired): cleared.
    expect(hintOf(await visit(`${SESSION_HINT_COOKIE}=1`))).toMatch(/Max-Age=0/);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID, WinnerList } from '@hanabi/api';
import { campaign } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

const ROUTE = 'src/features/draws/pages/draw-proof.page.tsx';
const INDEX =
  '<!doctype html>\n<html lang="ja" data-mantine-color-scheme="light">\n  <head>\n    <title>Hanabi</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-Entry123.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/main-M4in0001.js">\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const MANIFEST = {
  'index.html': { file: 'assets/index-Entry123.js', isEntry: true },
  [ROUTE]: { file: 'assets/draw-proof.page-Dr4w0001.js' },
};
/**
 * Stands for the web build's `draw-proof.mjs` (its markup is checked against React's page in the web tests): says
 * what it was called with, so the test sees the server's part — which draw, language and origin.
 */
const PAINT_MODULE = [
  'export function render(locale, draw, origin) {',
  '  return `<p id="painted" data-locale="${locale}">${origin}/draw/${draw.id} ${draw.winners.length}</p>`;',
  '}',
].join('\n');

const pageData = (html: string) => {
  const found = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
};

/** What people get at `/draw/{id}` before script runs (decision 0194). */
describe.each(testBackends())('the draw proof page first paint on %s', (backend) => {
  let world: DrawWorld;
  let webDist: string;
  let drawId: string;
  let campaignId: string;

  const open = (url: string, headers: Record<string, string> = {}) =>
    world.ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-draw-paint-'));
    await fs.mkdir(path.join(webDist, '.vite'));
    await fs.mkdir(path.join(webDist, '.first-paint'));
    await fs.writeFile(path.join(webDist, 'index.html'), INDEX);
    await fs.writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    await fs.writeFile(path.join(webDist, '.first-paint/draw-proof.mjs'), PAINT_MODULE);
    world = await openDrawWorld(backend, { HANABI_WEB_DIST: webDist });
    const c = await world.campaign({ winnerCount: 2 });
    campaignId = c.id;
    // A title that would end the page's data element if it were not written as JSON for HTML.
    await world.ctx.container.database.db
      .update(campaign)
      .set({ title: '</script><script>alert(1)</script>' })
      .where(eq(campaign.id, c.id));
    await insertComments(
      world.ctx.container.database.db,
      c.youtube.id,
      Array.from({ length: 5 }, (_, i) => ({ author: `UC${i}`, name: `viewer-${i}` })),
    );
    const yt = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const drawn = await world
      .as(world.streamerId)
      .call('POST', `${yt}/winner`, { campaignId: c.id, count: 2 });
    expect(drawn.statusCode, drawn.body).toBe(201);
    drawId = WinnerList.parse(drawn.json()).draws[0]!.id;
  });
  afterAll(async () => {
    await world?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('draws the draw inside #root in Japanese, with the API’s body as page data and the route’s scripts after the paint', async () => {
    const page = await open(`/draw/${drawId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers.vary).toContain('cookie');
    expect(page.headers['x-ratelimit-limit']).toBeUndefined();
    expect(page.body).toContain('<html lang="ja"');
    expect(page.body).toMatch(
      new RegExp(
        `<div id="root"><div data-first-paint=""[^]*<p id="painted" data-locale="ja">` +
          `${world.ctx.config.publicOrigin}/draw/${drawId} 2</p>`,
      ),
    );
    const api = await world.as(null).call('GET', `/api/draw/${drawId}`);
    expect(pageData(page.body)?.draw).toEqual(api.json());
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(page.body).not.toContain('modulepreload');
    expect(page.body).toContain('<meta name="hanabi-preload" content="/assets/draw-proof.page-Dr4w0001.js">');
  });

  it('draws it in the language the visitor chose, for crawlers too, and never names the Host it was asked with', async () => {
    const english = await open(`/draw/${drawId}`, { cookie: 'hanabi.locale=en', host: 'evil.example' });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(`data-locale="en">${world.ctx.config.publicOrigin}/draw/${drawId}`);
    expect(english.body).not.toContain('evil.example');
    const crawler = await open(`/draw/${drawId}`, { 'user-agent': 'Twitterbot/1.0' });
    expect(crawler.statusCode).toBe(200);
    expect(crawler.body).toContain('id="painted"');
  });

  it('is the plain shell, with the route preloaded, for an unknown or malformed id and a draft campaign', async () => {
    const pages = [await open('/draw/00000000-0000-4000-8000-000000000000'), await open('/draw/not-an-id')];
    await world.ctx.container.database.db
      .update(campaign)
      .set({ status: 'draft' })
      .where(eq(campaign.id, campaignId));
    pages.push(await open(`/draw/${drawId}`));
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(pageData(page.body)).toBeNull();
      expect(page.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/draw-proof.page-Dr4w0001.js">',
      );
    }
    await world.ctx.container.database.db
      .update(campaign)
      .set({ status: 'ended' })
      .where(eq(campaign.id, campaignId));
  });

  it('is the plain shell when the build has no draw paint', async () => {
    await fs.rm(path.join(webDist, '.first-paint/draw-proof.mjs'));
    const page = await open(`/draw/${drawId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
  });
});

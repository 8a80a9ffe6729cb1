import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FontDataUrl } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, localPath, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import { escapeHtml } from '../og-pages/og-tags.ts';

type Person = SignedIn & { userId: string };

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe.each(testBackends())('campaign pages for crawlers on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let campaignId: string;
  let draftId: string;
  const title = '夏の "花火" <大会> & プレゼント';

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    const prize = await createGoods(ctx, alice, { name: '金の花火バッジ' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: bearerHeaders(alice.token),
      payload: campaignBody(prize.id, { title, description: "配信中に「参加」とコメント。It's free!" }),
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
  });

  it('renders escaped Open Graph and Twitter card tags and draws the picture', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/campaign/${campaignId}`,
      headers: { 'user-agent': 'Twitterbot/1.0' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    expect(metaContent(html, 'og:title')).toBe(escapeHtml(`${title} | Hanabi`));
    expect(html).not.toContain('<大会>');
    expect(metaContent(html, 'og:description')).toBe(escapeHtml("配信中に「参加」とコメント。It's free!"));
    expect(metaContent(html, 'og:url')).toBe(`${ctx.config.publicOrigin}/campaign/${campaignId}`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'og:image')!;
    expect(image).toMatch(
      new RegExp(`^${ctx.config.publicOrigin}/files/ogp/${campaignId}\\.png\\?v=[0-9a-f]{16}$`),
    );
    expect(metaContent(html, 'twitter:image')).toBe(image);

    const png = await ctx.app.inject({ method: 'GET', url: localPath(image) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(png.rawPayload.readUInt32BE(20)).toBe(630);
    expect(await ctx.container.adapters.storage.stat(`ogp/${campaignId}.png`)).not.toBeNull();
  });

  it('keeps the picture until the campaign changes, then redraws it', async () => {
    const imageOf = async () =>
      metaContent(
        (await ctx.app.inject({ method: 'GET', url: `/campaign/${campaignId}?crawler=true` })).body,
        'og:image',
      );
    const first = await imageOf();
    expect(await imageOf()).toBe(first);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaign/${campaignId}`,
      headers: bearerHeaders(alice.token),
      payload: { title: '新しいタイトル' },
    });
    expect(edited.statusCode).toBe(200);
    const second = await imageOf();
    expect(second).not.toBe(first);
  });

  it('gives people the SPA (or 404 without a build), and tells crawlers nothing about drafts', async () => {
    const person = await ctx.app.inject({
      method: 'GET',
      url: `/campaign/${campaignId}`,
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/120', accept: 'text/html' },
    });
    expect(person.body).not.toContain('og:title');
    const draft = await ctx.app.inject({ method: 'GET', url: `/campaign/${draftId}?crawler=true` });
    expect(draft.statusCode).toBe(404);
    expect(draft.body).not.toContain('secret draft');
    expect((await ctx.app.inject({ method: 'GET', url: '/campaign/nope?crawler=true' })).statusCode).toBe(
      404,
    );
  });

  it('serves an editor font as a data URL, and 404 for fonts it does not have', async () => {
    const font = await ctx.app.inject({ method: 'GET', url: '/assets/font/data-url/kosugi.json' });
    expect(font.statusCode).toBe(200);
    const body = FontDataUrl.parse(font.json());
    expect(body).toMatchObject({ font: 'kosugi', family: 'Kosugi', format: 'woff' });
    expect(body.dataUrl.startsWith('data:font/woff;base64,')).toBe(true);
    expect(Buffer.from(body.dataUrl.split(',')[1]!, 'base64').subarray(0, 4).toString('ascii')).toBe('wOFF');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/assets/font/data-url/comic-sans.json' })).statusCode,
    ).toBe(404);
  });
});

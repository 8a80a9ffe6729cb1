import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, localPath, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

function metaContents(html: string, key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta property="${key}" content="([^"]*)"`, 'g'))].map((m) => m[1]!);
}

/** A shared link's preview in the reader's language (decision 0220): tags, page language and card. */
describe('shared pages answer in the language asked for', () => {
  let ctx: TestContext;
  let alice: SignedIn & { userId: string };
  let goodsId: string;
  let campaignId: string;

  const crawl = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Twitterbot/1.0', ...headers } });

  async function expectCard(url: string) {
    const png = await ctx.app.inject({ method: 'GET', url: localPath(url) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
  }

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice-lang@example.com', 'streamer', 'アリス');
    goodsId = (await createGoods(ctx, alice, { name: '花火バッジ' })).id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: bearerHeaders(alice.token),
      payload: campaignBody(goodsId),
    });
    campaignId = created.json().id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a reader without a language gets Japanese, with English named as the alternate', async () => {
    const page = await crawl(`/audience/streamer/${alice.userId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<html lang="ja"[\s>]/);
    expect(metaContent(page.body, 'og:locale')).toBe('ja_JP');
    expect(metaContents(page.body, 'og:locale:alternate')).toEqual(['en_US']);
    expect(metaContent(page.body, 'og:description')).toContain('フォロワー 0 人');
    expect(metaContent(page.body, 'og:url')).toBe(
      `${ctx.config.publicOrigin}/audience/streamer/${alice.userId}`,
    );
    expect(page.headers.vary).toContain('accept-language');
  });

  it('Accept-Language, the app cookie and ?lang each choose English, and the card is drawn in it', async () => {
    const japanese = await crawl(`/collection/${goodsId}`);
    const japaneseCard = metaContent(japanese.body, 'og:image')!;
    expect(metaContent(japanese.body, 'og:description')).toBe('アリス のデジタルグッズ「花火バッジ」');

    for (const [url, headers] of [
      [`/collection/${goodsId}`, { 'accept-language': 'en-GB,en;q=0.9,ja;q=0.5' }],
      [`/collection/${goodsId}`, { cookie: 'hanabi.locale=en', 'accept-language': 'ja' }],
      [`/collection/${goodsId}?lang=en`, { 'accept-language': 'ja' }],
    ] as const) {
      const page = await crawl(url, headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<html lang="en"[\s>]/);
      expect(metaContent(page.body, 'og:locale')).toBe('en_US');
      expect(metaContents(page.body, 'og:locale:alternate')).toEqual(['ja_JP']);
      expect(metaContent(page.body, 'og:description')).toBe('“花火バッジ”, digital goods by アリス');
      expect(metaContent(page.body, 'og:url')).toBe(
        `${ctx.config.publicOrigin}/collection/${goodsId}?lang=en`,
      );
      const card = metaContent(page.body, 'og:image')!;
      expect(card).toMatch(new RegExp(`/files/ogp/goods-${goodsId}-en-[0-9a-f]{16}\\.png$`));
      expect(card).not.toBe(japaneseCard);
      await expectCard(card);
    }
  });

  it('the campaign card is drawn per language, and the Japanese one keeps its own name', async () => {
    const japanese = await crawl(`/campaign/${campaignId}`);
    const english = await crawl(`/campaign/${campaignId}?lang=en`);
    expect(metaContent(japanese.body, 'og:locale')).toBe('ja_JP');
    expect(metaContent(english.body, 'og:locale')).toBe('en_US');
    const japaneseCard = metaContent(japanese.body, 'og:image')!;
    const englishCard = metaContent(english.body, 'og:image')!;
    expect(japaneseCard).toMatch(new RegExp(`/files/ogp/${campaignId}\\.png\\?v=[0-9a-f]{16}$`));
    expect(englishCard).toMatch(new RegExp(`/files/ogp/campaign-${campaignId}-en-[0-9a-f]{16}\\.png$`));
    await expectCard(englishCard);
    // Asking in English did not overwrite the Japanese card.
    expect(metaContent((await crawl(`/campaign/${campaignId}`)).body, 'og:image')).toBe(japaneseCard);
  });
});

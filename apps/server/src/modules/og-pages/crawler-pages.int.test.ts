import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, localPath, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createGoods } from '../../test/goods-fixtures.ts';
import { escapeHtml } from './og-tags.ts';

type Person = SignedIn & { userId: string };

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

/** Streamer profiles and token pages for crawlers (docs/design.md §9), beside the campaign page. */
describe.each(testBackends({ embedded: true }))('streamer and token pages for crawlers on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let published: { id: string };
  let draft: { id: string };

  const crawl = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Slackbot 1.0' } });

  async function expectPng(url: string) {
    const png = await ctx.app.inject({ method: 'GET', url: localPath(url) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.readUInt32BE(16)).toBe(1200);
    expect(png.rawPayload.readUInt32BE(20)).toBe(630);
  }

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス <花火>');
    published = await createGoods(ctx, alice, { name: '金の "花火" バッジ' });
    draft = await createGoods(ctx, alice, { name: 'secret goods', publish: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('tells crawlers who a streamer is, with a drawn card that follows the profile', async () => {
    const page = await crawl(`/audience/streamer/${alice.userId}`);
    expect(page.statusCode).toBe(200);
    expect(metaContent(page.body, 'og:title')).toBe(escapeHtml('アリス <花火> | Hanabi'));
    expect(page.body).not.toContain('<花火>');
    expect(metaContent(page.body, 'og:url')).toBe(
      `${ctx.config.publicOrigin}/audience/streamer/${alice.userId}`,
    );
    expect(metaContent(page.body, 'og:description')).toContain('フォロワー 0 人');
    const image = metaContent(page.body, 'og:image')!;
    expect(image).toMatch(new RegExp(`/files/ogp/streamer-${alice.userId}-[0-9a-f]{16}\\.png$`));
    await expectPng(image);
    expect(metaContent((await crawl(`/audience/streamer/${alice.userId}`)).body, 'og:image')).toBe(image);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${alice.userId}`,
      headers: bearerHeaders(alice.token),
      payload: { name: 'アリス改' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = metaContent((await crawl(`/audience/streamer/${alice.userId}`)).body, 'og:image')!;
    expect(after).not.toBe(image);
    await expectPng(after);
  });

  it('tells crawlers about a published token, and nothing about drafts or unknown ids', async () => {
    const page = await crawl(`/collection/${published.id}?crawler=true`);
    expect(page.statusCode).toBe(200);
    expect(metaContent(page.body, 'og:title')).toBe(escapeHtml('金の "花火" バッジ | Hanabi'));
    expect(metaContent(page.body, 'og:url')).toBe(`${ctx.config.publicOrigin}/collection/${published.id}`);
    const image = metaContent(page.body, 'og:image')!;
    expect(image).toMatch(new RegExp(`/files/ogp/goods-${published.id}-[0-9a-f]{16}\\.png$`));
    await expectPng(image);

    const hidden = await crawl(`/collection/${draft.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('secret goods');
    expect((await crawl('/collection/nope')).statusCode).toBe(404);
    expect((await crawl('/audience/streamer/nope')).statusCode).toBe(404);
    expect((await crawl(`/audience/streamer/${'x'.repeat(100)}`)).statusCode).toBe(404);
  });

  it('gives people the SPA (or 404 without a build), never the crawler tags', async () => {
    for (const url of [`/audience/streamer/${alice.userId}`, `/collection/${published.id}`]) {
      const person = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/120', accept: 'text/html' },
      });
      expect(person.body).not.toContain('og:title');
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection, PlatformConnections } from '@hanabi/api';
import { appUser, delivery, heldClaim } from '../../db/schema.ts';
import {
  CookieJar,
  SESSION_COOKIE,
  callAs,
  cookieHeaders,
  signUpByEmail,
  type SignedIn,
} from '../../test/auth-helpers.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertGoods } from '../../test/live-entries.fixture.ts';
import { startLiveWorld, type LiveWorld } from '../live-ingestion/live-test-support.ts';
import { type LivePlatform, LIVE_PLATFORMS } from '@hanabi/api';
import { linkAccount } from '../../test/platform-identity.fixture.ts';

/**
 * The custody attacks of issue 25 (docs/threat-model.md), each performed with HTTP requests by separate
 * browsers (cookie jars with real sign-ins) against the app, the sandbox standing in for YouTube and
 * TwitCasting. On the consent page each person allows only as their OWN platform account, as they could with
 * the real platforms. Each attack must fail; the honest journey must still deliver.
 */
describe.each(testBackends())('prize custody over HTTP (%s)', (backend) => {
  let world: LiveWorld;
  let streamer: SignedIn & { userId: string };
  let goodsId: string;
  const db = () => world.ctx.container.database.db;
  let people = 0;

  beforeAll(async () => {
    world = await startLiveWorld(backend, { realSessions: true });
    streamer = await signUpByEmail(world.ctx, 'custody-streamer@example.com', 'streamer', 'Streamer');
    goodsId = await insertGoods(db(), streamer.userId, {
      status: 'published',
      tokenId: '77',
      publishedAt: new Date(),
      supply: 1000,
    });
  });
  afterAll(() => world?.close());

  const person = async (type: 'audience' | 'streamer' = 'audience') => {
    people += 1;
    return signUpByEmail(world.ctx, `custody-${people}@example.com`, type, `Person ${people}`);
  };
  /** A sandbox account's ids on a platform (numeric id and screen id for TwitCasting). */
  const account = async (platform: LivePlatform, name: string) => {
    const { accounts } = (
      await world.console<{
        accounts: { platform: string; id: string; name: string; screenId: string }[];
      }>('GET', '/state')
    ).body;
    return accounts.find((candidate) => candidate.platform === platform && candidate.name === name)!;
  };
  const urlPath = (platform: LivePlatform) =>
    platform === 'youtube' ? '/api/oauth/youtube/channelId/url' : '/api/oauth/twitcasting/account/url';
  /** Asks for a consent URL in this browser (which keeps the cookies the answer sets). */
  const askConsent = async (jar: CookieJar, platform: LivePlatform) => {
    const answer = await world.ctx.app.inject({
      method: 'GET',
      url: urlPath(platform),
      headers: cookieHeaders(world.ctx, jar),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    jar.absorb(answer);
    return answer.json<{ url: string }>().url;
  };
  /** The platform sends this browser back to Hanabi's callback: where does Hanabi send it? */
  const comeBack = (jar: CookieJar, back: URL) =>
    world.callback(back, jar.header() ? { cookie: jar.header() } : {});
  const connectionsOf = async (someone: SignedIn) =>
    (await callAs(world.ctx.app, someone, 'GET', '/api/oauth/connections')).json<PlatformConnections>();
  const distribute = async (recipient: string, amount = 1) =>
    callAs(world.ctx.app, streamer, 'POST', '/api/manual-distribution', {
      digitalGoodsId: goodsId,
      distributionList: [{ recipient, amount }],
    });
  const claimsOf = (platform: LivePlatform, platformUserId: string) =>
    db()
      .select()
      .from(heldClaim)
      .where(and(eq(heldClaim.platform, platform), eq(heldClaim.platformUserId, platformUserId)));
  // The wallet is set in the table: how an address is proven is another part of issue 25.
  const giveWallet = async (userId: string) => {
    const address = `0x${crypto.randomUUID().replaceAll('-', '').padEnd(40, '7').slice(0, 40)}`;
    await db().update(appUser).set({ walletAddress: address }).where(eq(appUser.id, userId));
    return address;
  };

  for (const platform of LIVE_PLATFORMS) {
    it(`${platform}: a consent link sent by an attacker links nothing to the attacker; the winner then links and receives the prize`, async () => {
      const aoi = await account(platform, 'Viewer Aoi');
      // Aoi won a prize before having a Hanabi account: held for the stable platform id.
      const sent = await distribute(`${platform}:${platform === 'youtube' ? aoi.id : aoi.screenId}`);
      expect(sent.statusCode, sent.body).toBe(201);
      const [held] = await claimsOf(platform, aoi.id);
      expect(held).toMatchObject({ status: 'held', userId: null });

      // The attacker asks for a consent URL in their browser and sends it to Aoi.
      const attacker = await person();
      const link = await askConsent(attacker.jar, platform);
      // Aoi opens it in a browser with no Hanabi session and presses "Allow" on the (genuine) platform page.
      const fresh = new CookieJar();
      const back = await world.consent(link, 'Viewer Aoi');
      expect(await comeBack(fresh, back)).toBe('/?connectError=browserMismatch');
      // Signed in to her own account, the same: the link was not asked by her browser.
      const victim = await person();
      const again = await world.consent(await askConsent(attacker.jar, platform), 'Viewer Aoi');
      expect(await comeBack(victim.jar, again)).toBe('/audience/account?connectError=browserMismatch');
      expect((await connectionsOf(attacker))[platform]).toBeNull();
      expect((await connectionsOf(victim))[platform]).toBeNull();
      expect((await claimsOf(platform, aoi.id))[0]).toMatchObject({ status: 'held', userId: null });

      // The honest path: Aoi, signed in in her own (fresh) browser, connects and receives the prize.
      const address = await giveWallet(victim.userId);
      const own = await world.consent(await askConsent(victim.jar, platform), 'Viewer Aoi');
      expect(await comeBack(victim.jar, own)).toBe(`/audience/account?connected=${platform}`);
      expect((await connectionsOf(victim))[platform]).toMatchObject({ platformUserId: aoi.id });
      const [released] = await claimsOf(platform, aoi.id);
      expect(released).toMatchObject({ status: 'released', userId: victim.userId });
      const [sentToAoi] = await db().select().from(delivery).where(eq(delivery.id, released!.deliveryId!));
      expect(sentToAoi).toMatchObject({ recipientUserId: victim.userId, recipientAddress: address });
    });
  }

  it('the chat-reading connect is bound the same way, on both platforms', async () => {
    const attacker = await person('streamer');
    const victim = await person('streamer');
    for (const platform of LIVE_PLATFORMS) {
      const path =
        platform === 'youtube'
          ? '/api/oauth/youtube/liveStreaming/url'
          : '/api/oauth/twitcasting/liveStreaming/url';
      const ask = async (jar: CookieJar) => {
        const answer = await world.ctx.app.inject({
          method: 'GET',
          url: path,
          headers: cookieHeaders(world.ctx, jar),
        });
        jar.absorb(answer);
        return answer.json<{ url: string }>().url;
      };
      const foreign = await world.consent(await ask(attacker.jar), 'Second Streamer');
      expect(await comeBack(victim.jar, foreign)).toBe('/streamer/account?connectError=browserMismatch');
      expect(
        await comeBack(new CookieJar(), await world.consent(await ask(attacker.jar), 'Second Streamer')),
      ).toBe('/?connectError=browserMismatch');
      expect((await connectionsOf(attacker))[platform]).toBeNull();
      const own = await world.consent(await ask(victim.jar), 'Second Streamer');
      expect(await comeBack(victim.jar, own)).toBe(`/streamer/account?connected=${platform}`);
      expect((await connectionsOf(victim))[platform]).toMatchObject({ canReadChat: true });
    }
  });

  it('a connect that comes back signed out (or as someone else) links nothing: sign in again', async () => {
    const viewer = await person();
    const link = await askConsent(viewer.jar, 'youtube');
    const back = await world.consent(link, 'Viewer Ren');
    // Same browser, but the session ended meanwhile (cookie gone): the binding alone is not enough.
    const signedOut = viewer.jar.clone();
    signedOut.absorb({
      headers: { 'set-cookie': `${SESSION_COOKIE}=; Max-Age=0` },
    } as unknown as Parameters<CookieJar['absorb']>[0]);
    expect(signedOut.has(SESSION_COOKIE)).toBe(false);
    expect(await comeBack(signedOut, back)).toBe('/?connectError=signInAgain');
    // The state was used up: the same answer cannot be replayed later in the signed-in browser.
    expect(await comeBack(viewer.jar, back)).toBe('/audience/account?connectError=expired');
    // The binding cookie of one browser with another person's session (cookies copied across) links nothing.
    const other = await person();
    const mixed = other.jar.clone();
    const link2 = await askConsent(viewer.jar, 'youtube');
    mixed.absorb({
      headers: { 'set-cookie': `hanabi.connect=${viewer.jar.get('hanabi.connect')}` },
    } as unknown as Parameters<CookieJar['absorb']>[0]);
    expect(await comeBack(mixed, await world.consent(link2, 'Viewer Ren'))).toBe(
      '/audience/account?connectError=signInAgain',
    );
    expect((await connectionsOf(viewer)).youtube).toBeNull();
    expect((await connectionsOf(other)).youtube).toBeNull();
  });

  it('a held prize attached to a user stays theirs; the next linker gets only prizes won after the unlink', async () => {
    const ren = await account('youtube', 'Viewer Ren');
    // c0: won by Ren's channel before anyone linked it.
    expect((await distribute(`youtube:${ren.id}`)).statusCode).toBe(201);
    // A links the channel (no wallet yet): c0 is attached to A and shows in A's collection.
    const a = await person();
    const linkA = await world.consent(await askConsent(a.jar, 'youtube'), 'Viewer Ren');
    expect(await comeBack(a.jar, linkA)).toBe('/audience/account?connected=youtube');
    const [c0] = await claimsOf('youtube', ren.id);
    expect(c0).toMatchObject({ status: 'held', userId: a.userId });
    // c1: a claim for the channel that nobody attached while A held it (written straight in: a release that
    // failed, or a row from before this rule). The unlink hands it to A: it was won while A held the channel.
    const c1 = crypto.randomUUID();
    await db()
      .insert(heldClaim)
      .values({
        id: c1,
        source: 'manual',
        digitalGoodsId: goodsId,
        tokenId: '77',
        amount: '1',
        platform: 'youtube',
        platformUserId: ren.id,
        sourceRef: `test:${c1}`,
        status: 'held',
      });
    const unlinked = await callAs(world.ctx.app, a, 'DELETE', '/api/oauth/youtube/channelId');
    expect(unlinked.statusCode).toBe(200);
    // c2: won by the channel after A let go of it (nobody holds it now).
    expect((await distribute(`youtube:${ren.id}`, 2)).statusCode).toBe(201);

    // B links the same channel (with a wallet): B receives c2 only.
    const b = await person();
    await giveWallet(b.userId);
    const linkB = await world.consent(await askConsent(b.jar, 'youtube'), 'Viewer Ren');
    expect(await comeBack(b.jar, linkB)).toBe('/audience/account?connected=youtube');
    const claims = await claimsOf('youtube', ren.id);
    const byAmount = (amount: string, id?: string) =>
      claims.filter((claim) => claim.amount === amount && (!id || claim.id === id));
    expect(claims).toHaveLength(3);
    expect(claims.filter((claim) => claim.userId === a.userId).map((claim) => claim.status)).toEqual([
      'held',
      'held',
    ]);
    expect(byAmount('1', c1)[0]).toMatchObject({ userId: a.userId, status: 'held' });
    expect(byAmount('2')[0]).toMatchObject({ userId: b.userId, status: 'released' });
    const toB = await db().select().from(delivery).where(eq(delivery.recipientUserId, b.userId));
    expect(toB.map((row) => row.amount)).toEqual(['2']);

    // A still sees both held prizes in their collection; B's collection does not list them.
    const mine = await callAs(world.ctx.app, a, 'GET', `/api/collection/${a.userId}`);
    expect(mine.statusCode).toBe(200);
    const items = mine.json<Collection>().items;
    expect(items.filter((item) => item.state === 'held')).toHaveLength(2);
    // A setting a wallet later still receives them (the claims follow A, not the channel).
    await giveWallet(a.userId);
    await world.ctx.container.services.delivery.releaseHeldClaims(a.userId);
    const toA = await db().select().from(delivery).where(eq(delivery.recipientUserId, a.userId));
    expect(toA).toHaveLength(2);
  });

  it('TwitCasting: a screen id is resolved to the numeric id before holding; release matches the numeric id only', async () => {
    const ren = await account('twitcasting', 'Viewer Ren');
    expect(ren.id).toMatch(/^\d+$/);
    const sent = await distribute(`twitcasting:${ren.screenId}`);
    expect(sent.statusCode, sent.body).toBe(201);
    const [claim] = await claimsOf('twitcasting', ren.id);
    expect(claim).toMatchObject({ status: 'held', userId: null });
    expect(await claimsOf('twitcasting', ren.screenId)).toEqual([]);
    // A screen id nobody has is refused before anything is written (400 naming the row).
    const unknown = await distribute('twitcasting:nobody_has_this_handle');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details).toEqual([
      {
        field: 'body.distributionList.0.recipient',
        message: 'no TwitCasting user has the screen id "nobody_has_this_handle"',
      },
    ]);
    // The preview says the same and names the row's numeric id as held.
    const preview = await callAs(world.ctx.app, streamer, 'POST', '/api/manual-distribution/preview', {
      digitalGoodsId: goodsId,
      distributionList: [
        { recipient: `twitcasting:${ren.screenId}` },
        { recipient: `twitcasting:${ren.id}` },
      ],
    });
    expect(preview.json().rows.map((row: { outcome: string }) => row.outcome)).toEqual(['hold', 'duplicate']);

    // A legacy row held under a handle: someone who takes the handle (their profile shows that screen id)
    // does not receive it, and neither does a numeric id equal to a handle.
    const legacy = crypto.randomUUID();
    await db()
      .insert(heldClaim)
      .values({
        id: legacy,
        source: 'manual',
        digitalGoodsId: goodsId,
        tokenId: '77',
        amount: '1',
        platform: 'twitcasting',
        platformUserId: 'taken_handle',
        sourceRef: `test:${legacy}`,
        status: 'held',
      });
    const taker = await person();
    await giveWallet(taker.userId);
    await linkAccount(db(), taker.userId, 'twitcasting', '987654321', { screenId: 'taken_handle' });
    await world.ctx.container.services.delivery.releaseHeldClaims(taker.userId);
    const [still] = await db().select().from(heldClaim).where(eq(heldClaim.id, legacy));
    expect(still).toMatchObject({ status: 'held', userId: null });

    // Ren links honestly and receives the prize held under the numeric id.
    const viewer = await person();
    await giveWallet(viewer.userId);
    const back = await world.consent(await askConsent(viewer.jar, 'twitcasting'), 'Viewer Ren');
    expect(await comeBack(viewer.jar, back)).toBe('/audience/account?connected=twitcasting');
    expect((await claimsOf('twitcasting', ren.id))[0]).toMatchObject({
      status: 'released',
      userId: viewer.userId,
    });
  });
});

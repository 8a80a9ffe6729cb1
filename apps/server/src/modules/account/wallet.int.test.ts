import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSession, heldClaim, notification, walletChange } from '../../db/schema.ts';
import { insertHeldClaim } from '../../test/audience-fixtures.ts';
import {
  bearerHeaders,
  cookieHeaders,
  signInByEmail,
  signUpByEmail,
  type SignedIn,
} from '../../test/auth-helpers.ts';
import { createGoods } from '../../test/goods-fixtures.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { setWalletWithProof, testWallet } from '../../test/wallet-helpers.ts';

type Person = SignedIn & { userId: string };

/**
 * Decision 0063, attacks 2 and 6 of the custody review, performed over HTTP: an address is set only with a
 * signed proof, replaced only after a recent sign-in, told by e-mail and in-app with an undo link, and held
 * prizes wait out the cool-off before they go to a replaced address.
 */
describe.each(testBackends())('wallet address rules on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let streamer: Person;
  let goods: { id: string; tokenId: string | null };

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // Nobody answers: deliveries are written but never sent, which is all these tests look at.
        CHAIN_RPC_URL: 'http://127.0.0.1:9/',
        CHAIN_SIGNER_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
        CHAIN_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'audience', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'audience', 'ボブ');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', '配信者');
    goods = await createGoods(ctx, streamer, { name: '金の花火' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.container.database.db;
  const put = (person: Person, payload: object, headers = bearerHeaders(person.token)) =>
    ctx.app.inject({ method: 'PUT', url: `/api/account/${person.userId}`, headers, payload });
  const challenge = (person: Person, address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/account/${person.userId}/walletChallenge`,
      headers: bearerHeaders(person.token),
      payload: { address },
    });
  const me = async (person: Person) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/myAccountBase', headers: bearerHeaders(person.token) })
    ).json();
  const heldFor = async (person: Person) => {
    const id = await insertHeldClaim(ctx, {
      goodsId: goods.id,
      tokenId: goods.tokenId!,
      userId: person.userId,
    });
    return async () => (await db().select().from(heldClaim).where(eq(heldClaim.id, id)))[0]!;
  };
  const mailsTo = async (email: string) =>
    (
      (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().messages as {
        to: string;
        subject: string;
        text: string;
        links: string[];
      }[]
    ).filter((message) => message.to === email);
  const ageSession = async (person: Person, minutes: number) => {
    const token = person.jar.get('hanabi.session_token')!.split('.')[0]!;
    await db()
      .update(authSession)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(authSession.token, decodeURIComponent(token)));
  };

  it('answers the challenge route only for your own account, signed in', async () => {
    const wallet = testWallet();
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/account/${alice.userId}/walletChallenge`,
          payload: { address: wallet.address },
        })
      ).statusCode,
    ).toBe(401);
    expect((await challenge(bob, wallet.address)).statusCode).toBe(200);
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/account/${alice.userId}/walletChallenge`,
      headers: bearerHeaders(bob.token),
      payload: { address: wallet.address },
    });
    expect(other.statusCode).toBe(403);
    const issued = (await challenge(alice, wallet.address)).json();
    expect(issued.message).toContain(
      `localhost:3000 wants you to sign in with your Ethereum account:\n${wallet.address}`,
    );
    expect(issued.message).toMatch(/Chain ID: \d+/);
    expect(issued.message).toMatch(/Nonce: [A-Za-z0-9]{8,}/);
    expect(issued.message).toContain('Expiration Time:');
  });

  it('refuses an address without proof, with a proof for another address, and with a forged signature', async () => {
    const wallet = testWallet();
    const bare = await put(alice, { walletAddress: wallet.address });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().error.code).toBe('WALLET_PROOF_INVALID');

    const other = testWallet();
    const { message } = (await challenge(alice, other.address)).json();
    const forOther = await put(alice, {
      walletAddress: wallet.address,
      walletProof: { message, signature: await other.signMessage({ message }) },
    });
    expect(forOther.json().error.code).toBe('WALLET_PROOF_INVALID');

    const issued = (await challenge(alice, wallet.address)).json();
    const forged = await put(alice, {
      walletAddress: wallet.address,
      walletProof: {
        message: issued.message,
        signature: await other.signMessage({ message: issued.message }),
      },
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().error.code).toBe('WALLET_PROOF_INVALID');
    expect((await me(alice)).walletAddress).toBeNull();
  });

  it('gives a first address held prizes at once, and a proof works only once', async () => {
    const claim = await heldFor(alice);
    const wallet = testWallet();
    const { message } = (await challenge(alice, wallet.address)).json();
    const signature = await wallet.signMessage({ message });
    const first = await put(alice, { walletAddress: wallet.address, walletProof: { message, signature } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().walletAddress).toBe(wallet.address);
    const released = await claim();
    expect(released.status).toBe('released');
    expect(released.deliveryId).not.toBeNull();
    // A first address is news, not an alarm: "set" in-app and by e-mail, never "changed".
    const notices = await db()
      .select({ type: notification.type })
      .from(notification)
      .where(eq(notification.userId, alice.userId));
    expect(notices.map((row) => row.type)).toEqual(['walletSet']);
    // In the account's language (Japanese, the default) only.
    const [mail] = await mailsTo('alice@example.com');
    expect(mail?.subject).toBe('Hanabi: 賞品の受け取りアドレスを設定しました');
    expect(mail?.text).toContain('変更後:');
    expect(mail?.text).not.toMatch(/Before:|After:|If this was not you/);

    // The same signed message again (a replay, by the owner or by someone who saw it) is refused.
    await ctx.app.inject({ method: 'DELETE', url: '/api/dev/mailbox' });
    const replay = await put(bob, { walletAddress: wallet.address, walletProof: { message, signature } });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.code).toBe('WALLET_PROOF_INVALID');
  });

  it('cannot squat someone else’s address, and never says whether it is registered without proof', async () => {
    const taken = (await me(alice)).walletAddress as string;
    const fresh = testWallet().address;
    // Bob can ask for a message for any address: the answer is the same whether it is in use or not.
    const a = await challenge(bob, taken);
    const b = await challenge(bob, fresh);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    // Without the key he cannot prove either; both answers are the same 422 (no 409 naming the taken one).
    const squat = await put(bob, {
      walletAddress: taken,
      walletProof: { message: a.json().message, signature: '0x1234' },
    });
    const unused = await put(bob, {
      walletAddress: fresh,
      walletProof: { message: b.json().message, signature: '0x1234' },
    });
    expect([squat.statusCode, unused.statusCode]).toEqual([422, 422]);
    expect(squat.json().error.code).toBe(unused.json().error.code);
  });

  it('answers 409 only to someone who proved control of an address another account uses', async () => {
    const shared = testWallet();
    const carol = await signUpByEmail(ctx, 'carol@example.com', 'audience', 'キャロル');
    const dave = await signUpByEmail(ctx, 'dave@example.com', 'audience', 'デイブ');
    expect((await setWalletWithProof(ctx, carol, shared)).statusCode).toBe(200);
    const again = await setWalletWithProof(ctx, dave, shared);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONFLICT');
  });

  it('refuses a replacement with only a cookie and an old session', async () => {
    const before = (await me(alice)).walletAddress;
    await ageSession(alice, 60);
    const next = testWallet();
    const { message } = (await challenge(alice, next.address)).json();
    const replaced = await put(
      alice,
      {
        walletAddress: next.address,
        walletProof: { message, signature: await next.signMessage({ message }) },
      },
      cookieHeaders(ctx, alice.jar),
    );
    expect(replaced.statusCode).toBe(403);
    expect(replaced.json().error.code).toBe('RECENT_SIGN_IN_REQUIRED');
    const cleared = await put(alice, { walletAddress: null }, cookieHeaders(ctx, alice.jar));
    expect(cleared.json().error.code).toBe('RECENT_SIGN_IN_REQUIRED');
    expect((await me(alice)).walletAddress).toBe(before);
  });

  it('after a fresh sign-in: replaces, tells by e-mail and in-app, holds prizes for the cool-off, then sends them', async () => {
    const previous = (await me(alice)).walletAddress as string;
    const fresh = await signInByEmail(ctx, 'alice@example.com', 'audience');
    const again: Person = { ...fresh, userId: alice.userId };
    // Alice reads Hanabi in English: the notice comes in English only.
    const english = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${alice.userId}`,
      headers: bearerHeaders(again.token),
      payload: { locale: 'en' },
    });
    expect(english.statusCode, english.body).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: '/api/dev/mailbox' });
    const next = testWallet();
    const replaced = await setWalletWithProof(ctx, again, next);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().walletAddress).toBe(next.address);

    const [mail] = await mailsTo('alice@example.com');
    expect(mail?.subject).toBe('Hanabi: your prize address was changed');
    expect(mail?.text).not.toMatch(/[ぁ-んァ-ン]/);
    expect(mail?.text).toContain(previous);
    expect(mail?.text).toContain(next.address);
    expect(mail?.links[0]).toMatch(/\/wallet\/undo\?token=/);
    const notices = await db()
      .select()
      .from(notification)
      .where(and(eq(notification.userId, alice.userId), eq(notification.type, 'walletChanged')));
    expect(notices).toHaveLength(1);

    // A prize released during the cool-off waits: attached to Alice, not delivered to the new address.
    const claim = await heldFor(alice);
    expect(await ctx.container.services.delivery.releaseHeldClaims(alice.userId)).toEqual({
      delivered: 0,
      attached: 1,
    });
    expect(await ctx.container.services.wallet.releaseCooledOff()).toBe(0);
    expect((await claim()).status).toBe('held');

    // The cool-off ends (the change's time moved back a day): the job sends it to the new address.
    await db()
      .update(walletChange)
      .set({ releaseAfter: new Date(Date.now() - 1000) })
      .where(and(eq(walletChange.userId, alice.userId), eq(walletChange.newAddress, next.address)));
    expect(await ctx.container.services.wallet.releaseCooledOff()).toBe(1);
    const after = await claim();
    expect(after.status).toBe('released');
    expect(after.deliveryId).not.toBeNull();
  });

  it('undo: restores the previous address, signs the account out everywhere, works once', async () => {
    const previous = (await me(alice)).walletAddress as string;
    const fresh = await signInByEmail(ctx, 'alice@example.com', 'audience');
    const again: Person = { ...fresh, userId: alice.userId };
    await ctx.app.inject({ method: 'DELETE', url: '/api/dev/mailbox' });
    const thief = testWallet();
    expect((await setWalletWithProof(ctx, again, thief)).statusCode).toBe(200);
    const [mail] = await mailsTo('alice@example.com');
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;

    const undone = await ctx.app.inject({ method: 'POST', url: '/api/wallet/undo', payload: { token } });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ walletAddress: previous });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/myAccountBase',
          headers: bearerHeaders(again.token),
        })
      ).statusCode,
    ).toBe(401);
    const twice = await ctx.app.inject({ method: 'POST', url: '/api/wallet/undo', payload: { token } });
    expect(twice.statusCode).toBe(422);
    const bogus = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/undo',
      payload: { token: 'x'.repeat(43) },
    });
    expect(bogus.statusCode).toBe(422);
    alice = { ...(await signInByEmail(ctx, 'alice@example.com', 'audience')), userId: alice.userId };
    expect((await me(alice)).walletAddress).toBe(previous);
  });

  it('clearing and then setting counts as replacing: recent sign-in, and the cool-off applies', async () => {
    const cleared = await put(alice, { walletAddress: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().walletAddress).toBeNull();
    await ageSession(alice, 60);
    const next = testWallet();
    const stale = await setWalletWithProof(ctx, alice, next);
    expect(stale.json().error.code).toBe('RECENT_SIGN_IN_REQUIRED');
    alice = { ...(await signInByEmail(ctx, 'alice@example.com', 'audience')), userId: alice.userId };
    expect((await setWalletWithProof(ctx, alice, next)).statusCode).toBe(200);
    const claim = await heldFor(alice);
    await ctx.container.services.delivery.releaseHeldClaims(alice.userId);
    expect((await claim()).status).toBe('held');
  });
});

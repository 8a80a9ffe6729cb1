import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, AccountEth, ErrorEnvelope } from '@hanabi/api';
import { appSetting } from '../../db/schema.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import {
  bearerHeaders,
  cookieHeaders,
  signInByEmail,
  signUpByEmail,
  type SignedIn,
} from '../../test/auth-helpers.ts';
import { setWalletWithProof, testWallet } from '../../test/wallet-helpers.ts';

type Person = SignedIn & { userId: string };

describe.each(testBackends({ embedded: true }))('account calls on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;
  let operator: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        HANABI_OPERATOR_EMAILS: 'ops@example.com',
        CHAIN_ID: '11155111',
      },
    });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'streamer', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'audience', 'ボブ');
    operator = await signUpByEmail(ctx, 'ops@example.com', 'streamer', '運営');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const put = (person: Person | null, id: string, payload: unknown, headers?: Record<string, string>) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${id}`,
      headers: headers ?? (person ? bearerHeaders(person.token) : {}),
      payload: payload as Record<string, unknown>,
    });

  it('reads your own account, and answers 401 when signed out', async () => {
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountBase',
      headers: bearerHeaders(alice.token),
    });
    expect(me.statusCode).toBe(200);
    expect(Account.parse(me.json())).toMatchObject({
      id: alice.userId,
      name: 'アリス',
      type: 'streamer',
      role: 'user',
      email: 'alice@example.com',
      avatarUrl: '/assets/images/avatar.svg',
      bio: '',
      walletAddress: null,
      locale: 'ja',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/myAccountBase' })).statusCode).toBe(401);
  });

  it('answers the operator account only to operators', async () => {
    const signedOut = await ctx.app.inject({ method: 'GET', url: '/api/admin/account' });
    expect(signedOut.statusCode).toBe(401);
    for (const person of [alice, bob]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/account',
        headers: bearerHeaders(person.token),
      });
      expect(res.statusCode).toBe(403);
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/account',
      headers: bearerHeaders(operator.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: operator.userId, role: 'operator' });
  });

  it('updates your own account and no one else’s', async () => {
    const res = await put(alice, alice.userId, {
      name: '  アリス改  ',
      bio: '配信しています',
      avatarUrl: 'https://images.example/alice.png',
      locale: 'en',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Account.parse(res.json())).toMatchObject({
      name: 'アリス改',
      bio: '配信しています',
      avatarUrl: 'https://images.example/alice.png',
      locale: 'en',
    });
    const other = await put(alice, bob.userId, { name: 'hijack' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    const missing = await put(alice, '00000000-0000-4000-8000-000000000000', { name: 'x' });
    expect(missing.statusCode).toBe(403);
    expect((await put(null, alice.userId, { name: 'x' })).statusCode).toBe(401);
    const bobNow = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountBase',
      headers: bearerHeaders(bob.token),
    });
    expect(bobNow.json().name).toBe('ボブ');
    // Alice is told her account changed (in the language she just chose); Bob, whose account did not, is not.
    const notes = await ctx.app.inject({
      method: 'GET',
      url: `/api/notification?userId=${alice.userId}`,
      headers: bearerHeaders(alice.token),
    });
    const updated = notes.json().list.filter((item: { type: string }) => item.type === 'accountUpdated');
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ href: '/streamer/account', text: 'Your account was updated' });
    const bobNotes = await ctx.app.inject({
      method: 'GET',
      url: `/api/notification?userId=${bob.userId}`,
      headers: bearerHeaders(bob.token),
    });
    expect(bobNotes.json().list).toEqual([]);
  });

  it('names the failing fields of bad input', async () => {
    const cases: [unknown, string[]][] = [
      [{}, ['body']],
      [{ name: '' }, ['body.name']],
      [{ name: 'x'.repeat(51) }, ['body.name']],
      [{ bio: 'x'.repeat(501) }, ['body.bio']],
      [{ avatarUrl: 'http://insecure.example/a.png' }, ['body.avatarUrl']],
      [{ avatarUrl: '//evil.example/a.png' }, ['body.avatarUrl']],
      [{ locale: 'fr' }, ['body.locale']],
      [{ walletAddress: '0x1234' }, ['body.walletAddress']],
      [{ walletAddress: 'not an address', name: '' }, ['body.name', 'body.walletAddress']],
    ];
    for (const [payload, fields] of cases) {
      const res = await put(alice, alice.userId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = ErrorEnvelope.parse(res.json());
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details?.map((detail) => detail.field).sort(), JSON.stringify(payload)).toEqual(
        fields,
      );
    }
  });

  it('stores wallet addresses checksummed, refuses bad checksums, and clears them', async () => {
    // A fixed key, so the mistyped checksum below is the same every run.
    const wallet = testWallet(`0x${'11'.repeat(32)}`);
    const stored = await setWalletWithProof(ctx, alice, wallet);
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().walletAddress).toBe(wallet.address);

    const digits = wallet.address.slice(2);
    const letter = digits.search(/[a-fA-F]/);
    const char = digits[letter]!;
    const swapped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
    const flipped = digits.slice(0, letter) + swapped + digits.slice(letter + 1);
    const typo = await put(alice, alice.userId, { walletAddress: `0x${flipped}` });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.details).toEqual([
      { field: 'body.walletAddress', message: expect.stringContaining('checksum') },
    ]);

    const eth = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountEth',
      headers: bearerHeaders(alice.token),
    });
    expect(AccountEth.parse(eth.json())).toEqual({
      walletAddress: wallet.address,
      chainId: 11155111,
      contractAddress: null,
      holdings: [],
      chainReachable: true,
    });

    const cleared = await put(alice, alice.userId, { walletAddress: null });
    expect(cleared.json().walletAddress).toBeNull();
    const bobTakes = await setWalletWithProof(ctx, bob, wallet);
    expect(bobTakes.statusCode).toBe(200);
  });

  it('reads the contract address once the chain work stores it', async () => {
    await ctx.container.database.db
      .insert(appSetting)
      .values({ key: 'chain.contractAddress', value: '0x52908400098527886E0F7030069857D2E4169EE7' });
    const eth = await ctx.app.inject({
      method: 'GET',
      url: '/api/myAccountEth',
      headers: bearerHeaders(bob.token),
    });
    expect(eth.json().contractAddress).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/myAccountEth' })).statusCode).toBe(401);
  });

  it('needs the XSRF header for cookie-authenticated writes', async () => {
    const headers = cookieHeaders(ctx, alice.jar);
    const { 'x-xsrf-token': xsrf, ...withoutXsrf } = headers;
    expect(xsrf).toBeTruthy();
    const refused = await put(alice, alice.userId, { bio: 'cookie' }, withoutXsrf);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('XSRF');
    const wrong = await put(alice, alice.userId, { bio: 'cookie' }, { ...headers, 'x-xsrf-token': 'nope' });
    expect(wrong.statusCode).toBe(403);
    // A pair planted by a sibling subdomain or on the network matches itself, not Alice's session.
    const planted = await put(
      alice,
      alice.userId,
      { bio: 'planted' },
      {
        ...headers,
        cookie: headers.cookie!.replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=planted'),
        'x-xsrf-token': 'planted',
      },
    );
    expect(planted.statusCode).toBe(403);
    // The answer that signed Alice in already handed her the token of her session.
    const accepted = await put(alice, alice.userId, { bio: 'cookie' }, headers);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().bio).toBe('cookie');
  });

  it('gives each session its own XSRF token: a new sign-in changes it', async () => {
    const again = await signInByEmail(ctx, 'alice@example.com', 'streamer');
    const before = alice.jar.get('XSRF-TOKEN');
    const after = again.jar.get('XSRF-TOKEN');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    // The first session's token does not pass for the second.
    const crossed = await put(
      null,
      alice.userId,
      { bio: 'crossed' },
      {
        ...cookieHeaders(ctx, again.jar),
        cookie: again.jar.header().replace(/XSRF-TOKEN=[^;]+/, `XSRF-TOKEN=${before}`),
        'x-xsrf-token': before!,
      },
    );
    expect(crossed.statusCode).toBe(403);
  });

  it('guards the link call like the account call', async () => {
    const body = { action: 'unlink', provider: 'email' };
    const other = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${bob.userId}/firebaselink`,
      headers: bearerHeaders(alice.token),
      payload: body,
    });
    expect(other.statusCode).toBe(403);
    const signedOut = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${bob.userId}/firebaselink`,
      payload: body,
    });
    expect(signedOut.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${alice.userId}/firebaselink`,
      headers: bearerHeaders(alice.token),
      payload: { action: 'merge', provider: 'email' },
    });
    expect(bad.statusCode).toBe(400);
    const last = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${alice.userId}/firebaselink`,
      headers: bearerHeaders(alice.token),
      payload: body,
    });
    expect(last.statusCode).toBe(422);
    const notLinked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/account/${alice.userId}/firebaselink`,
      headers: bearerHeaders(alice.token),
      payload: { action: 'unlink', provider: 'google' },
    });
    expect(notLinked.statusCode).toBe(422);
  });
});

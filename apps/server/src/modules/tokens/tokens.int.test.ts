import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminTokenRoutes, buildPath } from '@hanabi/api';
import { MINTER_ROLE } from '@hanabi/token';
import { testBackends } from '../../test/test-context.ts';
import {
  expectConfirmed,
  expectError,
  failingFields,
  openTokenWorld,
  type TokenWorld,
} from '../../test/tokens.fixture.ts';

const OTHER = '0x52908400098527886E0F7030069857D2E4169EE7';

describe.each(testBackends({ embedded: true }))('operator token tools on %s (a real anvil)', (backend) => {
  let w: TokenWorld;
  beforeAll(async () => {
    w = await openTokenWorld(backend);
  });
  afterAll(async () => {
    await w?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) =>
    w.ctx.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('refuses every token tool to streamers and audience members (403) and to the signed out (401)', async () => {
    for (const route of Object.values(adminTokenRoutes)) {
      const url = buildPath(route.path, { id: '1', tokenId: '1' });
      const payload = route.method === 'GET' ? undefined : {};
      for (const caller of [w.streamer, w.audience]) {
        expectError(await call(route.method, url, caller, payload), 403, 'FORBIDDEN');
      }
      expectError(await call(route.method, url, {}, payload), 401, 'UNAUTHENTICATED');
    }
  });

  it('mints to a wallet, with a URI, and the chain shows both', async () => {
    const mintRes = await call('POST', '/api/admin/token', w.operator, {
      token: {
        to: w.holder.address.toLowerCase(),
        tokenId: '1',
        amount: 5,
        uri: 'ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
      },
    });
    const minted = expectConfirmed(mintRes);
    expect(mintRes.json().tokenId).toBe('1');
    expect(mintRes.json().uriTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(mintRes.json().uriTxHash).not.toBe(minted.txHash);
    expect(await w.token.balanceOf(w.holder.address, 1n)).toBe(5n);
    expect(await w.token.uri(1n)).toBe('ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e');
    const body = (await call('GET', '/api/admin/tokenUri/1', w.operator)).json();
    expect(body).toEqual({
      tokenId: '1',
      uri: 'ipfs://bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e',
      gatewayUrl: `${w.ctx.config.ipfs.gatewayUrl}/ipfs/bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e`,
    });

    // The signer mints to itself too (uint256-sized ids work), for the transfers below.
    expectConfirmed(
      await call('POST', '/api/admin/token', w.operator, {
        token: { to: w.signer, tokenId: '1', amount: '10' },
      }),
    );
    const big = (2n ** 255n).toString();
    expectConfirmed(
      await call('POST', '/api/admin/token', w.operator, { token: { to: OTHER, tokenId: big, amount: 1 } }),
    );
    expect(await w.token.balanceOf(OTHER, 2n ** 255n)).toBe(1n);

    const balance = await call('GET', `/api/admin/token/1/balance?owner=${w.holder.address}`, w.operator);
    expect(balance.json()).toEqual({ tokenId: '1', owner: w.holder.address, balance: '5' });
    const own = await call('GET', '/api/admin/token/1/balance', w.operator);
    expect(own.json()).toMatchObject({ owner: w.signer, balance: '10' });

    const list = (await call('GET', '/api/admin/token', w.operator)).json();
    expect(list.signer).toBe(w.signer);
    expect(list.contractAddress).toBe(w.token.address);
    expect(list.list.map((token: { tokenId: string }) => token.tokenId)).toEqual(['1', big]);
    expect(list.list[0]).toMatchObject({ minted: '15', burned: '0', uri: expect.stringMatching(/^ipfs:/) });
  });

  it('transfers from the signer, and from a holder only within their approval', async () => {
    expectConfirmed(
      await call('POST', '/api/admin/token/1/transfer', w.operator, {
        sender: w.signer,
        receiver: OTHER,
        tokenId: '1',
        value: 2,
      }),
    );
    expect(await w.token.balanceOf(OTHER, 1n)).toBe(2n);
    expect(await w.token.balanceOf(w.signer, 1n)).toBe(8n);

    const transferFromHolder = (value: number) =>
      call('POST', '/api/admin/token/1/transfer', w.operator, {
        sender: w.holder.address,
        receiver: OTHER,
        value,
      });
    let message = expectError(await transferFromHolder(1), 422, 'BUSINESS_RULE');
    expect(message).toContain('ERC1155MissingApprovalForAll');
    expect(message).toContain(w.signer);

    await w.holder.approve(w.signer, 1n, 2n);
    const approved = await call(
      'GET',
      `/api/admin/token/1/getApproved?owner=${w.holder.address}&operator=${w.signer}`,
      w.operator,
    );
    expect(approved.json()).toEqual({
      tokenId: '1',
      owner: w.holder.address,
      operator: w.signer,
      allowance: '2',
      approvedForAll: false,
    });

    message = expectError(await transferFromHolder(3), 422, 'BUSINESS_RULE');
    expect(message).toMatch(/ERC5216InsufficientAllowance\(.*, 1, 2, 3\)/);
    expectConfirmed(await transferFromHolder(2));
    expect(await w.token.balanceOf(w.holder.address, 1n)).toBe(3n);
    expect(await w.token.allowance(w.holder.address, w.signer, 1n)).toBe(0n);

    message = expectError(
      await call('POST', '/api/admin/token/1/transfer', w.operator, {
        sender: w.signer,
        receiver: OTHER,
        value: 99,
      }),
      422,
      'BUSINESS_RULE',
    );
    expect(message).toMatch(/ERC1155InsufficientBalance\(.*, 8, 99, 1\)/);
  });

  it('approves per id and reports the allowance', async () => {
    expectConfirmed(
      await call('POST', '/api/admin/token/1/approve', w.operator, { receiver: OTHER, value: '3' }),
    );
    expect(await w.token.allowance(w.signer, OTHER, 1n)).toBe(3n);
    const res = await call('GET', `/api/admin/token/1/getApproved?operator=${OTHER}`, w.operator);
    expect(res.json()).toMatchObject({ owner: w.signer, allowance: '3', approvedForAll: false });
    expectConfirmed(
      await call('POST', '/api/admin/token/1/approve', w.operator, { receiver: OTHER, value: 0 }),
    );
    expect(await w.token.allowance(w.signer, OTHER, 1n)).toBe(0n);
    const self = await call('POST', '/api/admin/token/1/approve', w.operator, {
      receiver: w.signer,
      value: 1,
    });
    expect(expectError(self, 422, 'BUSINESS_RULE')).toContain('ERC1155InvalidOperator');
  });

  it('burns the signer’s own tokens, and a holder’s only once approved for all', async () => {
    expectConfirmed(await call('DELETE', '/api/admin/token/1?amount=1', w.operator));
    expect(await w.token.balanceOf(w.signer, 1n)).toBe(7n);
    const tooMany = await call('DELETE', '/api/admin/token/1?amount=50', w.operator);
    expect(expectError(tooMany, 422, 'BUSINESS_RULE')).toMatch(/ERC1155InsufficientBalance\(.*, 7, 50, 1\)/);

    const fromHolder = () =>
      call('DELETE', '/api/admin/token/1', w.operator, { from: w.holder.address, amount: 1 });
    expect(expectError(await fromHolder(), 422, 'BUSINESS_RULE')).toContain('ERC1155MissingApprovalForAll');
    await w.holder.setApprovalForAll(w.signer, true);
    expectConfirmed(await fromHolder());
    expect(await w.token.balanceOf(w.holder.address, 1n)).toBe(2n);
    const all = await call(
      'GET',
      `/api/admin/token/1/getApproved?owner=${w.holder.address}&operator=${w.signer}`,
      w.operator,
    );
    expect(all.json().approvedForAll).toBe(true);
    await w.holder.setApprovalForAll(w.signer, false);

    const list = (await call('GET', '/api/admin/token', w.operator)).json();
    expect(list.list[0]).toMatchObject({ tokenId: '1', minted: '15', burned: '2' });
  });

  it('answers 422 with AccessControlUnauthorizedAccount when the signer lost its minter role', async () => {
    await w.admin.revokeRole(MINTER_ROLE, w.signer);
    try {
      const res = await call('POST', '/api/admin/token', w.operator, {
        token: { to: OTHER, tokenId: '1', amount: 1 },
      });
      expect(expectError(res, 422, 'BUSINESS_RULE')).toContain(
        `AccessControlUnauthorizedAccount(${w.signer}, ${MINTER_ROLE})`,
      );
    } finally {
      await w.admin.grantRole(MINTER_ROLE, w.signer);
    }
  });

  it('keeps a history of every write, refused ones included, newest first and paged', async () => {
    const first = (await call('GET', '/api/admin/token/operations?limit=3', w.operator)).json();
    expect(first.list).toHaveLength(3);
    expect(first.list[0]).toMatchObject({
      kind: 'mint',
      status: 'failed',
      txHash: null,
      requestedBy: { name: 'Boss' },
    });
    expect(first.list[0].error).toContain('AccessControlUnauthorizedAccount');
    const rest = (
      await call('GET', `/api/admin/token/operations?limit=200&cursor=${first.nextCursor}`, w.operator)
    ).json();
    expect(rest.nextCursor).toBeNull();
    const all = [...first.list, ...rest.list];
    expect(new Set(all.map((op: { id: string }) => op.id)).size).toBe(all.length);
    const times = all.map((op: { createdAt: string }) => op.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const confirmedMint = all.find(
      (op: { kind: string; status: string }) => op.kind === 'mint' && op.status === 'confirmed',
    );
    expect(confirmedMint).toMatchObject({
      txHash: expect.stringMatching(/^0x/),
      blockNumber: expect.any(Number),
      gasUsed: expect.stringMatching(/^\d+$/),
    });
    expect(all.some((op: { kind: string }) => op.kind === 'set_uri')).toBe(true);
    const byToken = (
      await call('GET', `/api/admin/token/operations?tokenId=${(2n ** 255n).toString()}`, w.operator)
    ).json();
    expect(byToken.list).toHaveLength(1);
    expect(
      expectError(
        await call('GET', '/api/admin/token/operations?cursor=nope', w.operator),
        400,
        'VALIDATION_FAILED',
      ),
    ).toContain('query.cursor');
  });

  it('answers 404 for token ids Hanabi never minted and that have no URI', async () => {
    expect(expectError(await call('GET', '/api/admin/tokenUri/999', w.operator), 404, 'NOT_FOUND')).toContain(
      '999',
    );
    expectError(await call('GET', '/api/admin/token/999/balance', w.operator), 404, 'NOT_FOUND');
    expectError(
      await call('GET', `/api/admin/token/999/getApproved?operator=${OTHER}`, w.operator),
      404,
      'NOT_FOUND',
    );
    expectError(await call('DELETE', '/api/admin/token/999?amount=1', w.operator), 404, 'NOT_FOUND');
    expectError(
      await call('POST', '/api/admin/token/999/approve', w.operator, { receiver: OTHER, value: 1 }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call('POST', '/api/admin/token/999/transfer', w.operator, {
        sender: w.signer,
        receiver: OTHER,
        value: 1,
      }),
      404,
      'NOT_FOUND',
    );

    // An id registered by publishing (nothing on chain yet) is known: no URI, zero balances.
    await w.ctx.container.services.tokens.registerToken(999n);
    const registered = await call('GET', '/api/admin/tokenUri/999', w.operator);
    expect(registered.json()).toEqual({ tokenId: '999', uri: '', gatewayUrl: null });
    expect((await call('GET', '/api/admin/token/999/balance', w.operator)).json().balance).toBe('0');
  });

  it('answers 400 naming the fields of bad input', async () => {
    const mint = (token: unknown) => call('POST', '/api/admin/token', w.operator, { token });
    expect(failingFields(await mint({ to: '0x123', tokenId: '1', amount: 1 }))).toEqual(['body.token.to']);
    expect(failingFields(await mint({ to: OTHER, tokenId: 'abc', amount: 1 }))).toEqual([
      'body.token.tokenId',
    ]);
    expect(failingFields(await mint({ to: OTHER, tokenId: '1', amount: 0 }))).toEqual(['body.token.amount']);
    expect(failingFields(await mint({ to: OTHER, tokenId: '1', amount: -3 }))).toEqual(['body.token.amount']);
    expect(failingFields(await mint({ to: OTHER, tokenId: '1', amount: '0' }))).toEqual([
      'body.token.amount',
    ]);
    expect(failingFields(await mint({ to: OTHER, tokenId: '1', amount: 1.5 }))).toEqual([
      'body.token.amount',
    ]);
    expect(failingFields(await mint({ to: OTHER, tokenId: (2n ** 256n).toString(), amount: 1 }))).toEqual([
      'body.token.tokenId',
    ]);
    expect(
      failingFields(await mint({ to: OTHER, tokenId: '1', amount: 1, uri: 'http://x.example/a.json' })),
    ).toEqual(['body.token.uri']);
    expect(failingFields(await mint({}))).toEqual([
      'body.token.to',
      'body.token.tokenId',
      'body.token.amount',
    ]);
    expect(failingFields(await call('POST', '/api/admin/token', w.operator, {}))).toEqual(['body.token']);
    // A mixed-case address with a wrong EIP-55 checksum.
    expect(failingFields(await mint({ to: OTHER.replace('E', 'e'), tokenId: '1', amount: 1 }))).toEqual([
      'body.token.to',
    ]);

    expect(failingFields(await call('GET', '/api/admin/tokenUri/12ab', w.operator))).toEqual(['params.id']);
    expect(failingFields(await call('DELETE', '/api/admin/token/1', w.operator))).toEqual(['query.amount']);
    expect(failingFields(await call('DELETE', '/api/admin/token/1?amount=-1', w.operator))).toEqual([
      'query.amount',
    ]);
    expect(failingFields(await call('DELETE', '/api/admin/token/1?amount=1&from=0xzz', w.operator))).toEqual([
      'query.from',
    ]);
    expect(
      failingFields(
        await call('POST', '/api/admin/token/1/transfer', w.operator, { sender: 'me', value: 1 }),
      ),
    ).toEqual(['body.sender', 'body.receiver']);
    expect(
      failingFields(
        await call('POST', '/api/admin/token/1/transfer', w.operator, {
          sender: w.signer,
          receiver: OTHER,
          tokenId: '2',
          value: 1,
        }),
      ),
    ).toEqual(['body.tokenId']);
    expect(
      failingFields(
        await call('POST', '/api/admin/token/x/transfer', w.operator, {
          sender: w.signer,
          receiver: OTHER,
          value: 1,
        }),
      ),
    ).toEqual(['params.tokenId']);
    expect(
      failingFields(
        await call('POST', '/api/admin/token/1/approve', w.operator, { receiver: OTHER, value: -1 }),
      ),
    ).toEqual(['body.value']);
    expect(failingFields(await call('GET', '/api/admin/token/1/getApproved', w.operator))).toEqual([
      'query.operator',
    ]);
    expect(failingFields(await call('POST', '/api/admin/tokenUri/1', w.operator, {}))).toEqual(['body.uri']);
    expect(
      failingFields(
        await call('POST', '/api/admin/tokenUri/1', w.operator, {
          uri: 'ipfs://bafy',
          metadata: { name: 'x', description: '', image: 'ipfs://bafy' },
        }),
      ),
    ).toEqual(['body.uri']);
  });
});

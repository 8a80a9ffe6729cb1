import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalGoods } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { expectConfirmed, expectError, openTokenWorld, type TokenWorld } from '../../test/tokens.fixture.ts';

describe.each(testBackends())('operator mint within the goods supply on %s (a real anvil)', (backend) => {
  let w: TokenWorld;
  beforeAll(async () => {
    w = await openTokenWorld(backend);
    // Published goods with a supply of 5 under token id 40 (owner: any user; the cap does not depend on who).
    await w.ctx.container.database.db.insert(digitalGoods).values({
      id: 'goods-capped',
      streamerId: w.audienceUserId,
      name: 'Capped badge',
      supply: 5,
      status: 'published',
      tokenId: '40',
    });
  });
  afterAll(async () => {
    await w?.close();
  });

  const mint = (tokenId: string, amount: number) =>
    w.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/token',
      headers: w.operator,
      payload: { token: { to: w.holder.address, tokenId, amount } },
    });

  it('refuses a mint past the supply with a 422 naming what is left, and sends nothing', async () => {
    const message = expectError(await mint('40', 6), 422, 'BUSINESS_RULE');
    expect(message).toContain('Capped badge');
    expect(message).toContain('5 more can be minted, not 6');
    expect(await w.token.balanceOf(w.holder.address, 40n)).toBe(0n);
  });

  it('counts earlier operator mints against the supply', async () => {
    expectConfirmed(await mint('40', 3));
    const refused = await mint('40', 3);
    expect(expectError(refused, 422, 'BUSINESS_RULE')).toContain('2 more can be minted, not 3');
    expect(refused.json().error.details).toEqual([
      { field: 'body.token.amount', message: 'at most 2 (supply cap)' },
    ]);
    expectConfirmed(await mint('40', 2));
    expect(await w.token.balanceOf(w.holder.address, 40n)).toBe(5n);
    expectError(await mint('40', 1), 422, 'BUSINESS_RULE');
  });

  it('leaves token ids that are no goods uncapped', async () => {
    expectConfirmed(await mint('41', 1000));
  });
});

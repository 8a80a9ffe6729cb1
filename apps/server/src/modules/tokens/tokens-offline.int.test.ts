import { describe, expect, it } from 'vitest';
import { bearerHeaders, signUpByEmail } from '../../test/auth-helpers.ts';
import { createTestContext, primaryBackend } from '../../test/test-context.ts';
import { expectError } from '../../test/tokens.fixture.ts';

const OTHER = '0x52908400098527886E0F7030069857D2E4169EE7';

describe('operator token tools with the chain down', () => {
  it('answers 503 UNAVAILABLE ("the chain is not reachable")', async () => {
    const ctx = await createTestContext(primaryBackend(), {
      env: {
        HANABI_OPERATOR_EMAILS: 'boss@example.com',
        CHAIN_RPC_URL: 'http://127.0.0.1:9/',
        CHAIN_SIGNER_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
        CHAIN_CONTRACT_ADDRESS: OTHER,
      },
    });
    try {
      const boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
      const headers = bearerHeaders(boss.token);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/tokenUri/1', headers });
      expect(expectError(res, 503, 'UNAVAILABLE')).toBe('The chain is not reachable; try again.');
      const mint = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/token',
        headers,
        payload: { token: { to: OTHER, tokenId: '1', amount: 1 } },
      });
      expectError(mint, 503, 'UNAVAILABLE');

      // The account page still answers, with what Hanabi recorded and chainReachable false.
      await ctx.container.repositories.tokens.registerToken(1n);
      // The wallet rules (proof, decision 0063) are tested in the account module; here the address is a given.
      await ctx.container.repositories.accounts.update(boss.userId, { walletAddress: OTHER });
      const eth = await ctx.app.inject({ method: 'GET', url: '/api/myAccountEth', headers });
      expect(eth.statusCode).toBe(200);
      expect(eth.json()).toMatchObject({ contractAddress: OTHER, holdings: [], chainReachable: false });
    } finally {
      await ctx.close();
    }
  });
});

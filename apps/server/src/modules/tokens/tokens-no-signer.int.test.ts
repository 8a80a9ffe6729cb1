import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '@hanabi/token';
import { anvilDevAddress, anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../../adapters/chain/rpc-chain.ts';
import { bearerHeaders, signUpByEmail } from '../../test/auth-helpers.ts';
import { createTestContext } from '../../test/test-context.ts';
import { expectError } from '../../test/tokens.fixture.ts';

// An api process never loads the signer key (decision 0147): it reads the chain, and an operator write answers
// 503 saying why, before anything is signed or recorded.
describe('operator token tools on an api process without the signer key', () => {
  let anvil: AnvilInstance;
  let chain: RpcChain;
  let contract: `0x${string}`;
  beforeAll(async () => {
    anvil = await startAnvil();
    chain = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
    contract = await chain.deployToken();
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  it(
    'reads work, and a mint answers 503 naming the missing signer before anything is sent',
    { timeout: 180_000 },
    async () => {
      const ctx = await createTestContext('pglite', {
        env: {
          HANABI_ROLE: 'api',
          HANABI_OPERATOR_EMAILS: 'boss@example.com',
          CHAIN_RPC_URL: anvil.rpcUrl,
          CHAIN_SIGNER_ADDRESS: anvilDevAddress(0),
          CHAIN_CONTRACT_ADDRESS: contract,
        },
      });
      try {
        const chainInApi = await ctx.container.adapters.chain.get();
        expect(chainInApi.signer).toBe(chain.signer);
        const boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
        const headers = bearerHeaders(boss.token);
        const nonce = await chain.publicClient.getTransactionCount({ address: chain.signer });

        const mint = await ctx.app.inject({
          method: 'POST',
          url: '/api/admin/token',
          headers,
          payload: { token: { to: anvilDevAddress(2), tokenId: '1', amount: 1 } },
        });
        expect(expectError(mint, 503, 'UNAVAILABLE')).toMatch(/no signer.*CHAIN_SIGNER_URL/);
        expect(await chain.publicClient.getTransactionCount({ address: chain.signer })).toBe(nonce);
        const operations = await ctx.app.inject({ method: 'GET', url: '/api/admin/token', headers });
        expect(operations.statusCode).toBe(200);
      } finally {
        await ctx.close();
      }
    },
  );
});

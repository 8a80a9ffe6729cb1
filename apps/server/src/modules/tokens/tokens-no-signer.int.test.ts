import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '@hanabi/token';
import { anvilDevAddress, anvilDevKey } from '../../adapters/chain/embedded-chain.ts';
import { RpcChain } from '../../adapters/chain/rpc-chain.ts';
import { createContainer, type Container } from '../../container.ts';
import { createLogger } from '../../logger.ts';
import { bearerHeaders, signUpByEmail } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, testConfig, type TestContext } from '../../test/test-context.ts';
import { expectError } from '../../test/tokens.fixture.ts';

// An api process never loads the signer key (decision 0147): it reads the chain, and hands an operator's write to
// a worker that signs (decision 0158). With no worker to take it, nothing is sent and the answer says so.
describe.each(testBackends())(
  'operator token tools on an api process without the signer key (%s)',
  (backend) => {
    let anvil: AnvilInstance;
    let chain: RpcChain;
    let contract: `0x${string}`;
    let api: TestContext | undefined;
    let worker: Container | undefined;
    beforeAll(async () => {
      anvil = await startAnvil();
      chain = new RpcChain({ rpcUrl: anvil.rpcUrl, chainId: 31337, signerKey: anvilDevKey(0) });
      contract = await chain.deployToken();
    });
    afterAll(async () => {
      await anvil?.stop();
    });
    afterEach(async () => {
      await worker?.close();
      await api?.close();
      api = worker = undefined;
    });

    const chainEnv = () => ({
      HANABI_OPERATOR_EMAILS: 'boss@example.com',
      CHAIN_RPC_URL: anvil.rpcUrl,
      CHAIN_CONTRACT_ADDRESS: contract,
    });
    const startApi = () =>
      createTestContext(backend, {
        env: {
          ...chainEnv(),
          HANABI_ROLE: 'api',
          CHAIN_SIGNER_ADDRESS: anvilDevAddress(0),
          TOKEN_WRITE_START_WITHIN_MS: '3000',
        },
      });
    /** A worker process on the api's database (sharing its handle, which the api closes). */
    async function startWorker(on: TestContext): Promise<Container> {
      const config = testConfig({ ...chainEnv(), HANABI_ROLE: 'worker', CHAIN_SIGNER_KEY: anvilDevKey(0) });
      const database = Object.create(on.container.database, { close: { value: async () => undefined } });
      const container = await createContainer(config, createLogger(config), { database });
      await container.queue.startWorkers();
      return container;
    }
    const mint = (ctx: TestContext, headers: Record<string, string>, amount: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/admin/token',
        headers,
        payload: { token: { to: anvilDevAddress(2), tokenId: '1', amount } },
      });

    it(
      'with no worker, a mint answers 503 after the wait and is never sent, even when a worker comes later',
      {
        timeout: 180_000,
      },
      async () => {
        api = await startApi();
        const chainInApi = await api.container.adapters.chain.get();
        expect(chainInApi.signer).toBe(chain.signer);
        const boss = await signUpByEmail(api, 'boss@example.com', 'streamer', 'Boss');
        const headers = bearerHeaders(boss.token);
        const nonce = await chain.publicClient.getTransactionCount({ address: chain.signer });

        expect(expectError(await mint(api, headers, 1), 503, 'UNAVAILABLE')).toMatch(
          /No worker.*nothing was sent/,
        );
        // A worker starting now finds the job past its start time and leaves it.
        worker = await startWorker(api);
        await new Promise((resolve) => setTimeout(resolve, 4000));
        expect(await chain.publicClient.getTransactionCount({ address: chain.signer })).toBe(nonce);
        const operations = await api.app.inject({ method: 'GET', url: '/api/admin/token', headers });
        expect(operations.statusCode).toBe(200);
      },
    );

    it(
      'with a worker, a mint on the api is signed there and answered with its receipt; a refusal keeps its 422',
      {
        timeout: 180_000,
      },
      async () => {
        api = await startApi();
        worker = await startWorker(api);
        const boss = await signUpByEmail(api, 'boss@example.com', 'streamer', 'Boss');
        const headers = bearerHeaders(boss.token);

        const minted = await mint(api, headers, 3);
        expect(minted.statusCode, minted.body).toBe(200);
        const body = minted.json();
        expect(body).toMatchObject({ tokenId: '1', status: 'confirmed', uriTxHash: null });
        const receipt = await chain.publicClient.getTransactionReceipt({ hash: body.txHash });
        expect(receipt.status).toBe('success');
        expect(Number(receipt.blockNumber)).toBe(body.blockNumber);

        // Burning more than the signer holds reverts on the worker: the api answers the same 422 it would give itself.
        const burn = await api.app.inject({
          method: 'DELETE',
          url: '/api/admin/token/1?amount=5',
          headers,
        });
        expect(burn.statusCode, burn.body).toBe(422);
        const history = await api.app.inject({ method: 'GET', url: '/api/admin/token/operations', headers });
        expect(history.statusCode).toBe(200);
        expect(JSON.stringify(history.json())).toContain(body.txHash);
      },
    );
  },
);

import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { hanabiTokenAbi } from '@hanabi/token';
import { AirdropSigner } from '../adapters/chain/airdrop-signer.ts';
import type { ChainAdapter } from '../adapters/chain/index.ts';
import type { HexAddress } from '../adapters/chain/token-contract.ts';
import { bearerHeaders, signUpByEmail, type SignedIn } from './auth-helpers.ts';
import { createGoods } from './goods-fixtures.ts';
import { createTestContext, type TestBackend, type TestContext } from './test-context.ts';
import { parseWalletAddress } from '../modules/account/wallet-address.ts';
import {
  DeliveryEngine,
  type DeliveryEngineOptions,
  type EngineFaults,
} from '../modules/delivery/delivery.engine.ts';
import { createSignerLock } from '../modules/delivery/delivery.wiring.ts';

/** A fresh random EIP-55 address nobody holds a key for (a recipient that can only receive). */
export function randomAddress(): HexAddress {
  const parsed = parseWalletAddress(`0x${crypto.randomBytes(20).toString('hex')}`);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.address as HexAddress;
}

export interface DeliveryWorld {
  ctx: TestContext;
  streamer: SignedIn & { userId: string };
  goods: { id: string; tokenId: bigint };
  chain: ChainAdapter;
  tokenAddress: HexAddress;
  /** POST /api/manual-distribution as the streamer. */
  distribute(
    list: Array<{ recipient: string; amount?: number }>,
    options?: { key?: string; goodsId?: string },
  ): Promise<LightMyRequestResponse>;
  /** A delivery engine on this world's database and chain (the container's lock, or its own options). */
  engine(options?: Partial<DeliveryEngineOptions>, faults?: EngineFaults): DeliveryEngine;
  /** On-chain balances of the goods' token id, read in one call. */
  balances(addresses: readonly string[], tokenId?: bigint): Promise<bigint[]>;
  close(): Promise<void>;
}

export async function openDeliveryWorld(
  backend: TestBackend,
  options: { supply?: number; env?: Record<string, string> } = {},
): Promise<DeliveryWorld> {
  const ctx = await createTestContext(backend, { env: options.env ?? {} });
  try {
    const streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', 'Streamer');
    const goods = await createGoods(ctx, streamer, { supply: options.supply ?? 2000 });
    const chain = await ctx.container.adapters.chain.get();
    const tokenAddress = (await ctx.container.services.chain.ensureToken()) as HexAddress;
    const lock = createSignerLock(ctx.config, ctx.container.database);
    return {
      ctx,
      streamer,
      goods: { id: goods.id, tokenId: BigInt(goods.tokenId!) },
      chain,
      tokenAddress,
      distribute(list, { key, goodsId } = {}) {
        return ctx.app.inject({
          method: 'POST',
          url: '/api/manual-distribution',
          headers: { ...bearerHeaders(streamer.token), ...(key ? { 'idempotency-key': key } : {}) },
          payload: { digitalGoodsId: goodsId ?? goods.id, distributionList: list },
        });
      },
      engine(engineOptions = {}, faults = {}) {
        return new DeliveryEngine(
          new AirdropSigner(chain),
          ctx.container.repositories.chainTxs,
          lock,
          async () => tokenAddress,
          { ...ctx.config.delivery, pollIntervalMs: 20, ...engineOptions },
          ctx.container.log,
          faults,
        );
      },
      async balances(addresses, tokenId = BigInt(goods.tokenId!)) {
        const result = await chain.publicClient.readContract({
          address: tokenAddress,
          abi: hanabiTokenAbi,
          functionName: 'balanceOfBatch',
          args: [addresses as HexAddress[], addresses.map(() => tokenId)],
        });
        return [...result];
      },
      close: () => ctx.close(),
    };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

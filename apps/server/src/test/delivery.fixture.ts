import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { hanabiTokenAbi } from '@hanabi/token';
import { AirdropSigner } from '../adapters/chain/airdrop-signer.ts';
import type { ChainAdapter } from '../adapters/chain/index.ts';
import type { HexAddress } from '../adapters/chain/token-contract.ts';
import { bearerHeaders, signUpByEmail, type SignedIn } from './auth-helpers.ts';
import { createGoods } from './goods-fixtures.ts';
import { createTestContext, type TestBackend, type TestContext } from './test-context.ts';
import type { Container } from '../container.ts';
import { appUser, authUser, digitalGoods } from '../db/schema.ts';
import type { SessionUser } from '../http/session.ts';
import { parseWalletAddress } from '../adapters/chain/index.ts';
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

/**
 * A streamer, published goods and a manual distribution to `recipients` fresh addresses, written straight through
 * the container (the crash tests' processes: no mail in their setup), as the streamer's own request would.
 */
export async function seedDistribution(
  container: Container,
  options: { streamerId: string; goodsId: string; tokenId: string; recipients: number },
): Promise<{ addresses: HexAddress[]; distributionId: string; deliveryCount: number }> {
  const db = container.database.db;
  const authUserId = `auth-${options.streamerId}`;
  const email = `${options.streamerId}@example.com`;
  await db.insert(authUser).values({ id: authUserId, name: 'Streamer', email });
  await db.insert(appUser).values({ id: options.streamerId, authUserId, type: 'streamer', name: 'Streamer' });
  await db.insert(digitalGoods).values({
    id: options.goodsId,
    streamerId: options.streamerId,
    name: 'Crash badge',
    supply: options.recipients,
    status: 'published',
    tokenId: options.tokenId,
  });
  const addresses = Array.from({ length: options.recipients }, () => randomAddress());
  const session: SessionUser = {
    userId: options.streamerId,
    authUserId,
    email,
    type: 'streamer',
    role: 'user',
    viaCookie: false,
  };
  const sent = await container.services.manualDistribution.create(
    session,
    {
      digitalGoodsId: options.goodsId,
      distributionList: addresses.map((recipient) => ({ recipient, amount: 1 })),
    },
    undefined,
  );
  return { addresses, distributionId: sent.distribution.id, deliveryCount: sent.distribution.deliveryCount };
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

import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DevWallet } from '../adapters/chain/dev-wallet.ts';
import { TokenContract, type HexAddress } from '../adapters/chain/token-contract.ts';
import { bearerHeaders, signUpByEmail } from './auth-helpers.ts';
import { createTestContext, type TestBackend, type TestContext } from './test-context.ts';

/** Integration-test world for the token tools: a real anvil (lazily, through the container) and real sign-ins. */
export interface TokenWorld {
  ctx: TestContext;
  operator: Record<string, string>;
  streamer: Record<string, string>;
  audience: Record<string, string>;
  audienceUserId: string;
  /** The server's signer and the deployed token, read directly (not through the service under test). */
  token: TokenContract;
  signer: HexAddress;
  /** Anvil dev account #1: the audience member's own wallet, which can sign approvals itself. */
  holder: DevWallet;
  /** Anvil dev account #0: the same key as the server's signer (to revoke and grant its roles). */
  admin: DevWallet;
  close(): Promise<void>;
}

export async function openTokenWorld(
  backend: TestBackend,
  env: Record<string, string> = {},
): Promise<TokenWorld> {
  const ctx = await createTestContext(backend, {
    env: { HANABI_OPERATOR_EMAILS: 'boss@example.com', ...env },
  });
  try {
    const boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    const streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer', 'Streamer');
    const fan = await signUpByEmail(ctx, 'fan@example.com', 'audience', 'Fan');
    const chain = await ctx.container.adapters.chain.get();
    const address = (await ctx.container.services.chain.ensureToken()) as HexAddress;
    const holder = new DevWallet(chain, address, 1);
    // The wallet rules (proof, decision 0063) are tested in the account module; here the address is a given.
    const saved = await ctx.container.repositories.accounts.update(fan.userId, {
      walletAddress: holder.address,
    });
    expect(saved?.walletAddress).toBe(holder.address);
    return {
      ctx,
      operator: bearerHeaders(boss.token),
      streamer: bearerHeaders(streamer.token),
      audience: bearerHeaders(fan.token),
      audienceUserId: fan.userId,
      token: new TokenContract(chain, address),
      signer: chain.signer,
      holder,
      admin: new DevWallet(chain, address, 0),
      close: () => ctx.close(),
    };
  } catch (error) {
    await ctx.close();
    throw error;
  }
}

export const TX_HASH = /^0x[0-9a-f]{64}$/;

/** Asserts a confirmed write answer and returns it. */
export function expectConfirmed(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.txHash).toMatch(TX_HASH);
  expect(body.status).toBe('confirmed');
  expect(body.blockNumber).toBeGreaterThan(0);
  return body as { txHash: string; blockNumber: number; operationId: string };
}

/** Asserts an error envelope with a status and code; returns the message. */
export function expectError(res: LightMyRequestResponse, status: number, code: string): string {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  return res.json().error.message as string;
}

/** The fields a 400 answer names. */
export function failingFields(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error.details, res.body).toBeDefined();
  return (res.json().error.details as { field: string }[]).map((detail) => detail.field);
}

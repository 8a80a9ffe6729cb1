// Shared test set-up: one anvil per test file, viem clients for anvil's prefunded dev accounts, revert matching.
import { expect } from 'vitest';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEventLogs,
  type Abi,
  type Address,
  type Hash,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startAnvil, ANVIL_MNEMONIC, type AnvilInstance } from '../src/anvil.ts';
import { compileSolidity } from '../scripts/solidity.mjs';

export const ACCOUNT_NAMES = ['admin', 'alice', 'bob', 'carol', 'mallory'] as const;
export type AccountName = (typeof ACCOUNT_NAMES)[number];

export async function setupChain() {
  const anvil: AnvilInstance = await startAnvil();
  const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
  const transport = http(anvil.rpcUrl);
  const publicClient = createPublicClient({ chain, transport });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const makeWallet = (addressIndex: number) =>
    createWalletClient({ account: mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex }), chain, transport });
  const wallets = Object.fromEntries(ACCOUNT_NAMES.map((name, i) => [name, makeWallet(i)])) as Record<
    AccountName,
    ReturnType<typeof makeWallet>
  >;
  const addr = Object.fromEntries(ACCOUNT_NAMES.map((n) => [n, wallets[n].account.address])) as Record<
    AccountName,
    Address
  >;

  /** Waits for the receipt and fails the test if the transaction reverted. */
  const mined = async (hash: Promise<Hash> | Hash): Promise<TransactionReceipt> => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash: await hash });
    expect(receipt.status).toBe('success');
    return receipt;
  };

  return { anvil, chain, publicClient, testClient, wallets, addr, mined };
}

export type Chain = Awaited<ReturnType<typeof setupChain>>;

/** Expects `promise` to revert with the custom error `errorName` (and `args`, if given). */
export async function expectRevert(promise: Promise<unknown>, errorName: string, args?: readonly unknown[]) {
  let error: unknown;
  try {
    await promise;
  } catch (err) {
    error = err;
  }
  expect(error, `expected a revert with ${errorName}`).toBeInstanceOf(BaseError);
  const revert = (error as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  expect(revert, String(error)).toBeInstanceOf(ContractFunctionRevertedError);
  const data = (revert as ContractFunctionRevertedError).data;
  expect(data?.errorName, String(error)).toBe(errorName);
  if (args) expect(data?.args).toEqual(args);
}

/** Revert data (hex) buried in a viem error, e.g. from a failed deployment's gas estimate. */
export function revertData(error: unknown): Hex {
  let found: Hex | undefined;
  let e: unknown = error;
  for (let depth = 0; e && depth < 10 && !found; depth++) {
    const data = (e as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x')) found = data as Hex;
    else if (data && typeof data === 'object' && typeof (data as { data?: unknown }).data === 'string') {
      found = (data as { data: Hex }).data;
    }
    e = (e as { cause?: unknown }).cause;
  }
  expect(found, String(error)).toBeDefined();
  return found!;
}

/** Decoded logs of one event from a receipt (only logs emitted by `address` if given). */
export function eventsOf<const TAbi extends Abi, const TName extends string>(
  abi: TAbi,
  receipt: TransactionReceipt,
  eventName: TName,
  address?: Address,
) {
  const logs = address
    ? receipt.logs.filter((l) => l.address.toLowerCase() === address.toLowerCase())
    : receipt.logs;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return parseEventLogs({ abi, logs, eventName: eventName as any });
}

export interface TestContract {
  abi: Abi;
  bytecode: `0x${string}`;
}

/** Compiles the test-only receivers (contracts/test/Receivers.sol). */
export function compileReceivers(): Record<
  'AcceptingReceiver' | 'RejectingReceiver' | 'RevertingReceiver' | 'NotAReceiver',
  TestContract
> {
  const unit = 'contracts/test/Receivers.sol';
  const out = compileSolidity([unit]).contracts[unit]!;
  const get = (name: string): TestContract => ({
    abi: out[name]!.abi as Abi,
    bytecode: `0x${out[name]!.evm.bytecode.object}`,
  });
  return {
    AcceptingReceiver: get('AcceptingReceiver'),
    RejectingReceiver: get('RejectingReceiver'),
    RevertingReceiver: get('RevertingReceiver'),
    NotAReceiver: get('NotAReceiver'),
  };
}

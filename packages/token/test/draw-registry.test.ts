// HanabiDrawRegistry on anvil: publisher only, draws numbered without gaps, a draw id once only, no close time in
// the future, every field in the event, campaigns independent, and no function that could change a record.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bytesToHex,
  decodeErrorResult,
  encodeFunctionData,
  keccak256,
  parseEventLogs,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { deployHanabiDrawRegistry, hanabiDrawRegistryAbi, hanabiDrawRegistryBytecode } from '../src/index.ts';
import { expectRevert, revertData, setupChain, type AccountName, type Chain } from './helpers.ts';

const abi = hanabiDrawRegistryAbi;

let c: Chain;
let registry: Address;
let snapshot: Hex;

const id = (label: string) => keccak256(toHex(label));
/** drand quicknet's chain hash (a timelock-capable chain). */
const QUICKNET = '0x52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
/** A deterministic pseudo-random byte string, e.g. a timelock ciphertext of the draw's secret. */
const sealed = (length: number, seed = 1): Hex =>
  bytesToHex(Uint8Array.from({ length }, (_, i) => (i * 131 + seed * 17 + 7) & 0xff));

interface Draw {
  campaignId: Hex;
  number: number;
  drawId: Hex;
  commitment: Hex;
  entrantsHash: Hex;
  closedAt: bigint;
  beaconChain: Hex;
  beaconRound: bigint;
  sealedSecret: Hex;
}

/** A draw record with every field distinct; `closedAt` defaults to a moment well in the past. */
const draw = (campaign: string, number: number, overrides: Partial<Draw> = {}): Draw => ({
  campaignId: id(`campaign:${campaign}`),
  number,
  drawId: id(`draw:${campaign}:${number}`),
  commitment: id(`commitment:${campaign}:${number}`),
  entrantsHash: id(`entrants:${campaign}:${number}`),
  closedAt: 1_700_000_000n + BigInt(number),
  beaconChain: QUICKNET,
  beaconRound: 12_000_000n + BigInt(number),
  sealedSecret: sealed(400, number),
  ...overrides,
});

const args = (d: Draw) =>
  [
    d.campaignId,
    d.number,
    d.drawId,
    d.commitment,
    d.entrantsHash,
    d.closedAt,
    d.beaconChain,
    d.beaconRound,
    d.sealedSecret,
  ] as const;

const commit = (who: AccountName, d: Draw, gas?: bigint) =>
  c.wallets[who].writeContract({ address: registry, abi, functionName: 'commit', args: args(d), gas });

const drawCount = (campaignId: Hex) =>
  c.publicClient.readContract({ address: registry, abi, functionName: 'drawCount', args: [campaignId] });
const committedIn = (drawId: Hex) =>
  c.publicClient.readContract({ address: registry, abi, functionName: 'committedIn', args: [drawId] });

/** The DrawCommitted events of a receipt, decoded with viem. */
const committedEvents = (receipt: Awaited<ReturnType<Chain['mined']>>) =>
  parseEventLogs({ abi, logs: receipt.logs, eventName: 'DrawCommitted' }).map((l) => l.args);

beforeAll(async () => {
  c = await setupChain();
  registry = await deployHanabiDrawRegistry(c.wallets.alice, c.publicClient, c.addr.admin);
  snapshot = await c.testClient.snapshot();
});

beforeEach(async () => {
  await c.testClient.revert({ id: snapshot });
  snapshot = await c.testClient.snapshot();
});

afterAll(async () => {
  await c?.anvil.stop();
});

describe('deployment', () => {
  it('makes the constructor argument the publisher, not the deployer', async () => {
    expect(await c.publicClient.readContract({ address: registry, abi, functionName: 'publisher' })).toBe(
      c.addr.admin,
    );
    await expectRevert(commit('alice', draw('a', 1)), 'HanabiUnauthorizedPublisher', [c.addr.alice]);
  });

  it('refuses the zero address as publisher', async () => {
    let error: unknown;
    try {
      await c.wallets.alice.deployContract({
        abi,
        bytecode: hanabiDrawRegistryBytecode,
        args: [zeroAddress],
      });
    } catch (err) {
      error = err;
    }
    expect(decodeErrorResult({ abi, data: revertData(error) })).toMatchObject({
      errorName: 'HanabiInvalidPublisher',
      args: [zeroAddress],
    });
  });
});

describe('commit', () => {
  it('is refused to everyone but the publisher', async () => {
    for (const who of ['alice', 'bob', 'mallory'] as const) {
      await expectRevert(commit(who, draw('a', 1)), 'HanabiUnauthorizedPublisher', [c.addr[who]]);
    }
    expect(await drawCount(draw('a', 1).campaignId)).toBe(0);
  });

  it('emits DrawCommitted carrying every field exactly, and records the block', async () => {
    const d = draw('a', 1);
    const receipt = await c.mined(commit('admin', d));
    expect(committedEvents(receipt)).toEqual([d]);
    expect(receipt.logs).toHaveLength(1);
    expect(receipt.logs[0]!.address.toLowerCase()).toBe(registry.toLowerCase());
    // campaignId, number and drawId are indexed: a reader can filter on each.
    expect(receipt.logs[0]!.topics.slice(1)).toEqual([d.campaignId, toHex(d.number, { size: 32 }), d.drawId]);
    expect(await drawCount(d.campaignId)).toBe(1);
    expect(await committedIn(d.drawId)).toBe(receipt.blockNumber);
  });

  it('lets a reader find the record from committedIn(drawId) alone', async () => {
    await c.mined(commit('admin', draw('a', 1)));
    const d = draw('a', 2);
    await c.mined(commit('admin', d));
    await c.testClient.mine({ blocks: 3 });

    const block = await committedIn(d.drawId);
    const logs = await c.publicClient.getContractEvents({
      address: registry,
      abi,
      eventName: 'DrawCommitted',
      args: { drawId: d.drawId },
      fromBlock: block,
      toBlock: block,
    });
    expect(logs.map((l) => l.args)).toEqual([d]);
    expect(await committedIn(id('draw:never'))).toBe(0n);
  });

  it('numbers the draws of a campaign 1, 2, 3… without gaps', async () => {
    const campaign = draw('a', 1).campaignId;
    await expectRevert(commit('admin', draw('a', 0)), 'HanabiDrawOutOfOrder', [campaign, 1, 0]);
    await expectRevert(commit('admin', draw('a', 2)), 'HanabiDrawOutOfOrder', [campaign, 1, 2]);
    await c.mined(commit('admin', draw('a', 1)));
    expect(await drawCount(campaign)).toBe(1);

    // Repeating number 1 (with a new draw id) or skipping to 3 reverts with the expected number, 2.
    await expectRevert(
      commit('admin', draw('a', 1, { drawId: id('another draw') })),
      'HanabiDrawOutOfOrder',
      [campaign, 2, 1],
    );
    await expectRevert(commit('admin', draw('a', 3)), 'HanabiDrawOutOfOrder', [campaign, 2, 3]);
    await c.mined(commit('admin', draw('a', 2)));
    await c.mined(commit('admin', draw('a', 3)));
    expect(await drawCount(campaign)).toBe(3);
    await expectRevert(commit('admin', draw('a', 5)), 'HanabiDrawOutOfOrder', [campaign, 4, 5]);
  });

  it('accepts a draw id once only, in any campaign', async () => {
    const first = draw('a', 1);
    const receipt = await c.mined(commit('admin', first));
    await expectRevert(
      commit('admin', draw('a', 2, { drawId: first.drawId })),
      'HanabiDrawAlreadyCommitted',
      [first.drawId, receipt.blockNumber],
    );
    await expectRevert(
      commit('admin', draw('b', 1, { drawId: first.drawId })),
      'HanabiDrawAlreadyCommitted',
      [first.drawId, receipt.blockNumber],
    );
    expect(await drawCount(first.campaignId)).toBe(1);
    expect(await drawCount(draw('b', 1).campaignId)).toBe(0);
  });

  it('refuses a close time later than the block, and accepts one equal to it', async () => {
    const latest = await c.publicClient.getBlock();
    const future = latest.timestamp + 3_600n;
    await expectRevert(commit('admin', draw('a', 1, { closedAt: future })), 'HanabiCloseInFuture');

    // A call in a block whose time is T: closedAt T + 1 reverts naming both, closedAt T passes.
    const T0 = latest.timestamp + 50n;
    const callAt = (closedAt: bigint) =>
      c.publicClient.call({
        account: c.addr.admin,
        to: registry,
        data: encodeFunctionData({ abi, functionName: 'commit', args: args(draw('a', 1, { closedAt })) }),
        blockOverrides: { time: T0 },
      });
    let error: unknown;
    await callAt(T0 + 1n).catch((err: unknown) => (error = err));
    expect(decodeErrorResult({ abi, data: revertData(error) })).toMatchObject({
      errorName: 'HanabiCloseInFuture',
      args: [T0 + 1n, T0],
    });
    await expect(callAt(T0)).resolves.toBeDefined();

    // Mined (explicit gas, so no estimate), in a block whose time is fixed: T + 1 reverts, T is accepted.
    const T = latest.timestamp + 100n;
    await c.testClient.setNextBlockTimestamp({ timestamp: T });
    const refused = await c.publicClient.waitForTransactionReceipt({
      hash: await commit('admin', draw('a', 1, { closedAt: T + 1n }), 200_000n),
    });
    expect(refused.status).toBe('reverted');
    expect((await c.publicClient.getBlock({ blockNumber: refused.blockNumber })).timestamp).toBe(T);
    expect(await drawCount(draw('a', 1).campaignId)).toBe(0);

    await c.testClient.setNextBlockTimestamp({ timestamp: T + 10n });
    const d = draw('a', 1, { closedAt: T + 10n });
    const accepted = await c.mined(commit('admin', d, 200_000n));
    expect((await c.publicClient.getBlock({ blockNumber: accepted.blockNumber })).timestamp).toBe(T + 10n);
    expect(committedEvents(accepted)).toEqual([d]);
  });

  it('keeps the records of two campaigns independent', async () => {
    const a1 = draw('a', 1);
    const b1 = draw('b', 1);
    const a2 = draw('a', 2);
    const b2 = draw('b', 2);
    const b3 = draw('b', 3);
    const events = [];
    for (const d of [a1, b1, b2, a2, b3]) events.push(...committedEvents(await c.mined(commit('admin', d))));
    expect(events).toEqual([a1, b1, b2, a2, b3]);
    expect(await drawCount(a1.campaignId)).toBe(2);
    expect(await drawCount(b1.campaignId)).toBe(3);
    expect(await drawCount(id('campaign:c'))).toBe(0);
    await expectRevert(commit('admin', draw('a', 4)), 'HanabiDrawOutOfOrder', [a1.campaignId, 3, 4]);
    await expectRevert(commit('admin', draw('b', 3, { drawId: id('x') })), 'HanabiDrawOutOfOrder', [
      b1.campaignId,
      4,
      3,
    ]);
  });

  it('round-trips a 400-byte sealed secret and an empty one', async () => {
    const secret = sealed(400, 42);
    expect((secret.length - 2) / 2).toBe(400);
    const full = draw('a', 1, { sealedSecret: secret });
    const [event] = committedEvents(await c.mined(commit('admin', full)));
    expect(event!.sealedSecret).toBe(secret);

    const empty = draw('a', 2, { sealedSecret: '0x' });
    expect(committedEvents(await c.mined(commit('admin', empty)))).toEqual([empty]);
  });
});

describe('append-only by construction', () => {
  it('has exactly the functions commit, committedIn, drawCount and publisher: none alters a record', () => {
    const functions = abi
      .filter((item) => item.type === 'function')
      .map((f) => `${f.name}(${f.inputs.map((i) => i.type).join(',')}) ${f.stateMutability}`)
      .sort();
    expect(functions).toEqual([
      'commit(bytes32,uint32,bytes32,bytes32,bytes32,uint64,bytes32,uint64,bytes) nonpayable',
      'committedIn(bytes32) view',
      'drawCount(bytes32) view',
      'publisher() view',
    ]);
    expect(abi.filter((item) => item.type === 'event').map((e) => e.name)).toEqual(['DrawCommitted']);
    expect([...new Set(abi.map((item) => item.type as string))].sort()).toEqual([
      'constructor',
      'error',
      'event',
      'function',
    ]); // no fallback, no receive
  });

  it('reverts on any other selector and on plain ether', async () => {
    for (const data of [
      '0x',
      '0xdeadbeef',
      '0x8da5cb5b' /* owner() */,
      '0x3659cfe6' /* upgradeTo */,
    ] as const) {
      const hash = await c.wallets.admin.sendTransaction({ to: registry, data, gas: 100_000n });
      expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    }
    const hash = await c.wallets.admin.sendTransaction({ to: registry, value: 1n, gas: 100_000n });
    expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe('reverted');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http } from 'viem';
import { hanabiDrawRegistryAbi } from '@hanabi/token';
import { DRAND_QUICKNET } from '@hanabi/draw';
import {
  DRAW_COMMITTED_EVENT,
  readCommitmentRecord,
  recordProblems,
  uuidToBytes32,
} from '@hanabi/draw/record';
import { QUICKNET_ROUND_12040883 as ROUND, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { openSealedSecret, sealSecret } from '@hanabi/draw/timelock';
import { DrawRegistry, type DrawRecordInput } from '../../adapters/chain/index.ts';
import { readSetting, SETTING_KEYS } from '../../db/app-settings.ts';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';

const CAMPAIGN = '7e57c0de-0000-4000-8000-0000000000c1';

describe('the draw registry on the embedded chain', () => {
  let ctx: TestContext;
  let registry: DrawRegistry;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend());
    const address = await ctx.container.services.chain.ensureDrawRegistry();
    registry = new DrawRegistry(await ctx.container.adapters.chain.get(), address);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is deployed once and recorded, and its event is the one every verifier decodes', async () => {
    const address = await ctx.container.services.chain.ensureDrawRegistry();
    expect(await readSetting(ctx.container.database.db, SETTING_KEYS.drawRegistryAddress)).toBe(address);
    expect(await ctx.container.services.chain.ensureDrawRegistry()).toBe(address);
    expect(await ctx.container.services.chain.drawRegistryAddress()).toBe(address);
    expect(address).not.toBe(await ctx.container.services.chain.ensureToken());
    const fromArtifact = hanabiDrawRegistryAbi.find((item) => item.type === 'event')!;
    const shape = (event: {
      name: string;
      inputs: readonly { type: string; name?: string; indexed?: boolean }[];
    }) =>
      `${event.name}(${event.inputs.map((i) => `${i.type}${i.indexed ? ' indexed' : ''} ${i.name}`).join(', ')})`;
    expect(shape(DRAW_COMMITTED_EVENT[0])).toBe(shape(fromArtifact));
    expect(shape(fromArtifact)).toMatch(/^DrawCommitted\(bytes32 indexed campaignId, uint32 indexed number/);
  });

  it('writes a record a verifier reads back from its own RPC, holding the proof and the sealed secret', async () => {
    const proof = await quicknetProof(ROUND);
    const chain = await ctx.container.adapters.chain.get();
    // The chain's clock a second after the close (real rounds are signed for moments long past), and the record's
    // block at exactly that second: however long the machine takes to send it, it is mined before the round.
    const closedAt = new Date(proof.closedAt!);
    const recordTime = Math.floor(closedAt.getTime() / 1000) + 1;
    await chain.publicClient.request({ method: 'anvil_setTime' as never, params: [recordTime] as never });
    await chain.publicClient.request({
      method: 'evm_setNextBlockTimestamp' as never,
      params: [recordTime] as never,
    });
    const input: DrawRecordInput = {
      campaignId: CAMPAIGN,
      number: 1,
      drawId: proof.drawId,
      commitment: proof.commitment,
      entrantsHash: proof.entrantsHash,
      closedAt,
      beaconChain: DRAND_QUICKNET.chainHash,
      beaconRound: ROUND.round,
      sealedSecret: await sealSecret(proof.secret, DRAND_QUICKNET, ROUND.round),
    };
    const nonce = () => chain.publicClient.getTransactionCount({ address: chain.signer });
    const before = await nonce();
    const written = await registry.publish(input);
    expect(await nonce()).toBe(before + 1);
    expect(written.drawId).toBe(uuidToBytes32(proof.drawId));

    // Asked again (a crash after the send, another process): the record on chain, nothing sent.
    expect(await registry.publish({ ...input, beaconRound: ROUND.round + 7 })).toEqual(written);
    expect(await nonce()).toBe(before + 1);

    // The verifier's own client on the chain's RPC URL, not Hanabi's.
    const verifierRpc = createPublicClient({ transport: http(chain.rpcUrl) });
    const read = await readCommitmentRecord(
      { chainId: chain.chainId, registry: registry.address, txHash: written.txHash },
      verifierRpc,
    );
    expect(read).toEqual({ ok: true, record: written });
    expect(recordProblems(proof, written, DRAND_QUICKNET)).toEqual([]);
    // Once the round is out, anyone opens S from the record alone.
    expect(
      await openSealedSecret({
        sealed: written.sealedSecret,
        chain: DRAND_QUICKNET,
        round: written.beaconRound,
        signature: ROUND.signature,
        commitment: written.commitment,
      }),
    ).toEqual({ ok: true, value: proof.secret });
  });

  it('refuses a gap in the numbering, and a verifier refuses a record from another contract or chain', async () => {
    const proof = await quicknetProof(ROUND);
    const skipping = {
      campaignId: CAMPAIGN,
      number: 3,
      drawId: '7e57c0de-0000-4000-8000-0000000000d3',
      commitment: proof.commitment,
      entrantsHash: proof.entrantsHash,
      closedAt: new Date(proof.closedAt!),
      beaconChain: DRAND_QUICKNET.chainHash,
      beaconRound: ROUND.round,
      sealedSecret: '',
    };
    await expect(registry.publish(skipping)).rejects.toMatchObject({ revertReason: 'HanabiDrawOutOfOrder' });
    const written = await registry.find(proof.drawId);
    const chain = await ctx.container.adapters.chain.get();
    const elsewhere = await readCommitmentRecord(
      {
        chainId: chain.chainId,
        registry: await ctx.container.services.chain.ensureToken(),
        txHash: written!.txHash,
      },
      chain.publicClient,
    );
    // The token is not the registry: its code differs, so nothing it logs could count (decision 0213).
    expect(elsewhere).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/is not Hanabi's draw registry/),
    });
    const otherChain = await readCommitmentRecord(
      { chainId: 137, registry: registry.address, txHash: written!.txHash },
      chain.publicClient,
    );
    expect(otherChain).toMatchObject({ ok: false, problem: expect.stringMatching(/serves chain 31337/) });
  });
});

import { describe, expect, it } from 'vitest';
import { DRAND_QUICKNET, drandRoundTime } from './beacon.ts';
import {
  DRAW_COMMITTED_EVENT,
  closedAtSeconds,
  recordProblemList,
  recordProblems,
  uuidToBytes32,
  type CommitmentRecord,
} from './commitment-record.ts';
import { commitmentOf, entrantsHashOf } from './draw.ts';
import { QUICKNET_ROUND_12040883 as ROUND, quicknetProof } from './quicknet-rounds.fixture.ts';

const proof = await quicknetProof(ROUND);
const published = drandRoundTime(DRAND_QUICKNET, ROUND.round);

/** The record an honest publisher wrote for `proof`: one second after T, before the round. */
function honestRecord(): CommitmentRecord {
  return {
    chainId: 137,
    registry: '0x00000000000000000000000000000000000d4a35',
    txHash: `0x${'ab'.repeat(32)}`,
    blockNumber: 100,
    blockTime: closedAtSeconds(proof.closedAt!) + 1,
    campaignId: `0x${'cd'.repeat(32)}`,
    number: 1,
    drawId: uuidToBytes32(proof.drawId),
    commitment: proof.commitment,
    entrantsHash: proof.entrantsHash,
    closedAt: closedAtSeconds(proof.closedAt!),
    beaconChain: DRAND_QUICKNET.chainHash,
    beaconRound: ROUND.round,
    sealedSecret: '',
  };
}

describe('the commitment record behind a proof', () => {
  it('holds when the chain has the same draw, C, H, T and round, written before the round', () => {
    expect(recordProblems(proof, honestRecord(), DRAND_QUICKNET)).toEqual([]);
    expect(honestRecord().blockTime).toBeLessThan(published);
  });

  it('refuses a proof whose row was edited after the beacon: new S, new entrants, later T, other round', async () => {
    const record = honestRecord();
    const newSecret = { ...proof, secret: '11'.repeat(32), commitment: await commitmentOf('11'.repeat(32)) };
    expect(recordProblems(newSecret, record, DRAND_QUICKNET)).toEqual([
      expect.stringMatching(/^the commitment C is .* on chain$/),
    ]);
    const entrants = [...proof.entrants.slice(1), 'youtube:favourite'].sort();
    const newEntrants = { ...proof, entrants, entrantsHash: await entrantsHashOf(entrants) };
    expect(recordProblems(newEntrants, record, DRAND_QUICKNET)).toEqual([
      expect.stringMatching(/^the entrant list hash H is/),
    ]);
    const laterT = { ...proof, closedAt: new Date(Date.parse(proof.closedAt!) + 30_000).toISOString() };
    expect(recordProblems(laterT, record, DRAND_QUICKNET)).toEqual([
      expect.stringMatching(/^the close time T is/),
    ]);
    const laterRound = { ...proof, beacon: { ...proof.beacon, round: String(ROUND.round + 10) } };
    expect(recordProblems(laterRound, record, DRAND_QUICKNET)).toEqual([
      expect.stringMatching(/^the beacon round is/),
    ]);
  });

  it('voids a record written once its round was public, and one naming another chain or draw', () => {
    expect(recordProblems(proof, { ...honestRecord(), blockTime: published }, DRAND_QUICKNET)).toEqual([
      expect.stringMatching(/once round 12040883 was public .*: the draw is void$/),
    ]);
    const otherChain = { ...honestRecord(), beaconChain: '8990'.padEnd(64, 'e') };
    expect(recordProblems(proof, otherChain, DRAND_QUICKNET)).toHaveLength(2);
    const otherDraw = { ...honestRecord(), drawId: uuidToBytes32('3f1c2a4e-0000-4000-8000-00000000d1a1') };
    expect(recordProblems(proof, otherDraw, DRAND_QUICKNET)).toEqual([expect.stringMatching(/^the draw id/)]);
  });

  it("names each problem by a code with its parameters, for pages in the reader's language", async () => {
    const newSecret = { ...proof, commitment: await commitmentOf('11'.repeat(32)) };
    expect(recordProblemList(newSecret, honestRecord(), DRAND_QUICKNET)).toEqual([
      expect.objectContaining({
        code: 'field-mismatch',
        field: 'commitment',
        published: newSecret.commitment,
        message: expect.stringMatching(/^the commitment C is /),
      }),
    ]);
    expect(recordProblemList(proof, { ...honestRecord(), blockTime: published }, DRAND_QUICKNET)).toEqual([
      expect.objectContaining({ code: 'record-late', round: String(ROUND.round) }),
    ]);
  });

  it('encodes ids as the registry stores them and names the event the contract emits', () => {
    expect(uuidToBytes32('3F1C2A4E-0000-4000-8000-00000000D1A0')).toBe(
      `0x3f1c2a4e00004000800000000000d1a0${'0'.repeat(32)}`,
    );
    expect(() => uuidToBytes32('not-a-uuid')).toThrow(/not a UUID/);
    expect(DRAW_COMMITTED_EVENT[0].name).toBe('DrawCommitted');
  });
});

import { flipBit, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

/** The worker's own code, run on this thread: what it answers the proof page for a proof. */
async function answerOf(proof: unknown): Promise<{ result?: { ok: boolean; beacon: { status: string } } }> {
  const posted = new Promise<unknown>((resolve) =>
    vi.spyOn(self, 'postMessage').mockImplementation((message: unknown) => resolve(message)),
  );
  await import('./verify-draw.worker');
  self.onmessage!(new MessageEvent('message', { data: proof }));
  return (await posted) as { result?: { ok: boolean; beacon: { status: string } } };
}

describe('verify-draw worker', () => {
  it('verifies a draw on a real quicknet round and refuses tampered signatures, rounds and times', async () => {
    const honest = await quicknetProof();
    expect((await answerOf(honest)).result).toMatchObject({ ok: true, beacon: { status: 'verified' } });

    const flipped = await quicknetProof();
    flipped.beacon.signature = flipBit(flipped.beacon.signature!);
    expect((await answerOf(flipped)).result).toMatchObject({ ok: false, beacon: { status: 'failed' } });

    const otherRound = await quicknetProof();
    otherRound.beacon.round = '1001';
    expect((await answerOf(otherRound)).result).toMatchObject({ ok: false, beacon: { status: 'failed' } });

    const unknownChain = await quicknetProof();
    unknownChain.beacon.source = `drand:${'11'.repeat(32)}`;
    expect((await answerOf(unknownChain)).result).toMatchObject({ ok: false, beacon: { status: 'failed' } });
  });
});

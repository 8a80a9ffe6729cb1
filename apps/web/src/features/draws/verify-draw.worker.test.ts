import { DRAND_QUICKNET } from '@hanabi/draw';
import { DEFAULT_ROUND_1337, defaultChainProof } from '@hanabi/draw/default-rounds';
import { flipBit, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

/** The worker's own code, run on this thread: what it answers the proof page for a proof. */
type Answer = {
  result?: { ok: boolean; verdict: string; beacon: { status: string; problem?: { code: string } } };
};

async function answerOf(proof: unknown): Promise<Answer> {
  const posted = new Promise<unknown>((resolve) =>
    vi.spyOn(self, 'postMessage').mockImplementation((message: unknown) => resolve(message)),
  );
  await import('./verify-draw.worker');
  self.onmessage!(new MessageEvent('message', { data: { proof } }));
  return (await posted) as Answer;
}

describe('verify-draw worker', () => {
  it('verifies a draw on a real quicknet round and refuses tampered signatures, rounds and times', async () => {
    // A genuine round without a public record read: at most practice (decision 0202).
    const honest = await quicknetProof();
    expect((await answerOf(honest)).result).toMatchObject({
      ok: true,
      verdict: 'practice',
      beacon: { status: 'verified' },
    });

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

  it('verifies a draw on a real default-chain round and refuses a flipped bit, another round and a relabel', async () => {
    const honest = await defaultChainProof();
    expect((await answerOf(honest)).result).toMatchObject({ ok: true, verdict: 'practice' });

    const failing = async (change: (proof: Awaited<ReturnType<typeof defaultChainProof>>) => void) => {
      const proof = await defaultChainProof();
      change(proof);
      return (await answerOf(proof)).result;
    };
    const failed = (code: string) => ({
      ok: false,
      verdict: 'failed',
      beacon: { status: 'failed', problem: { code } },
    });
    expect(await failing((p) => (p.beacon.signature = flipBit(p.beacon.signature!)))).toMatchObject(
      failed('signature-invalid'),
    );
    expect(
      await failing((p) => (p.beacon.previousSignature = flipBit(p.beacon.previousSignature!))),
    ).toMatchObject(failed('signature-invalid'));
    expect(
      await failing((p) => {
        p.beacon.signature = DEFAULT_ROUND_1337.signature;
        p.beacon.previousSignature = DEFAULT_ROUND_1337.previousSignature;
      }),
    ).toMatchObject(failed('signature-invalid'));
    expect(await failing((p) => (p.beacon.round = '72786'))).toMatchObject({ ok: false, verdict: 'failed' });
    expect(await failing((p) => (p.beacon.source = `drand:${DRAND_QUICKNET.chainHash}`))).toMatchObject(
      failed('signature-malformed'),
    );
  });

  it('calls a draw on the embedded chain practice, and a mislabelled one failed', async () => {
    const practice = await quicknetProof();
    practice.beacon = { source: 'chain:31337', round: '7', value: practice.beacon.value };
    expect((await answerOf(practice)).result).toMatchObject({
      ok: true,
      verdict: 'practice',
      beacon: { status: 'practice' },
    });
    practice.beacon.source = 'chain:31337x';
    expect((await answerOf(practice)).result).toMatchObject({
      verdict: 'failed',
      beacon: { problem: { code: 'source-invalid' } },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { isAdapterError } from '../adapter-error.ts';
import { DrandBeacon } from './drand-beacon.ts';

const HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
const INFO = { period: 3, genesis_time: 1_692_803_367 };
const RANDOMNESS = 'cd'.repeat(32);

function relay(answers: Array<{ status: number; body?: unknown }>, seen: string[] = []): typeof fetch {
  return (async (url: string | URL) => {
    seen.push(String(url));
    if (String(url).endsWith('/info')) return new Response(JSON.stringify(INFO), { status: 200 });
    const next = answers.shift() ?? { status: 500 };
    return new Response(next.body === undefined ? 'x' : JSON.stringify(next.body), { status: next.status });
  }) as typeof fetch;
}

describe('drand beacon', () => {
  it('names the first round published strictly after T', () => {
    const at = (seconds: number) => new Date((INFO.genesis_time + seconds) * 1000);
    // Round 1 at genesis, round r at genesis + (r − 1)·period.
    expect(DrandBeacon.roundAfter(at(0), INFO)).toBe(2);
    expect(DrandBeacon.roundAfter(at(2), INFO)).toBe(2);
    expect(DrandBeacon.roundAfter(at(3), INFO)).toBe(3);
    expect(DrandBeacon.roundAfter(at(3001), INFO)).toBe(1002);
  });

  it('waits for the round, asks again while the relay is behind, and answers its randomness', async () => {
    const seen: string[] = [];
    const slept: number[] = [];
    const now = (INFO.genesis_time + 10) * 1000;
    const beacon = new DrandBeacon({
      url: 'https://relay.example',
      chainHash: HASH,
      now: () => now,
      sleep: async (ms) => void slept.push(ms),
      fetch: relay([{ status: 425 }, { status: 200, body: { round: 5, randomness: RANDOMNESS } }], seen),
    });
    const round = await beacon.roundAfter(new Date(now));
    expect(round).toEqual({ source: `drand:${HASH}`, round: '5' });
    expect(await beacon.value(round)).toEqual({ ...round, value: RANDOMNESS });
    expect(seen.at(-1)).toBe(`https://relay.example/${HASH}/public/5`);
    expect(slept.length).toBeGreaterThanOrEqual(2); // until due, then once after the 425
  });

  it('maps failures to adapter kinds: a wrong round is permanent, 5xx retryable, 401 auth', async () => {
    const now = (INFO.genesis_time + 100) * 1000;
    const make = (answers: Array<{ status: number; body?: unknown }>) =>
      new DrandBeacon({
        url: 'https://r',
        chainHash: HASH,
        now: () => now,
        sleep: async () => {},
        fetch: relay(answers),
      });
    await expect(
      make([{ status: 200, body: { round: 4, randomness: RANDOMNESS } }]).value({ source: 's', round: '5' }),
    ).rejects.toSatisfy((error: unknown) => isAdapterError(error, 'permanent'));
    await expect(make(Array(10).fill({ status: 503 })).value({ source: 's', round: '5' })).rejects.toSatisfy(
      (error: unknown) => isAdapterError(error, 'retryable'),
    );
    await expect(make([{ status: 401 }]).value({ source: 's', round: '5' })).rejects.toSatisfy(
      (error: unknown) => isAdapterError(error, 'auth'),
    );
  });
});

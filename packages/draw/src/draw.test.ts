import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DRAW_ALGORITHM,
  canonicalEntrants,
  commitmentOf,
  entrantsHashOf,
  pickWinners,
  seedOf,
  verifyDraw,
  type DrawProof,
} from './draw.ts';

const SECRET = '01'.repeat(32);
const BEACON = 'ab'.repeat(32);
const ENTRANTS = canonicalEntrants([
  ...Array.from({ length: 10 }, (_, i) => `youtube:UC${String(i).padStart(22, 'x')}`),
  'twitcasting:42',
  'twitcasting:7',
  'user:0a',
  'twitcasting:42',
]);

/** The same steps with node:crypto, written out longhand: an implementation independent of the package's. */
function referenceWinners(seed: Buffer, n: number, k: number): number[] {
  const words: number[] = [];
  let counter = 0n;
  const next = () => {
    if (words.length === 0) {
      const index = Buffer.alloc(8);
      index.writeBigUInt64BE(counter++);
      const block = createHash('sha256')
        .update(Buffer.concat([seed, index]))
        .digest();
      for (let offset = 0; offset < 32; offset += 4) words.push(block.readUInt32BE(offset));
    }
    return words.shift()!;
  };
  const positions = Array.from({ length: n }, (_, i) => i);
  const out: number[] = [];
  for (let j = 0; j < Math.min(k, n); j += 1) {
    const m = n - j;
    const limit = Math.floor(2 ** 32 / m) * m;
    let word = next();
    while (word >= limit) word = next();
    const r = j + (word % m);
    [positions[j], positions[r]] = [positions[r]!, positions[j]!];
    out.push(positions[j]!);
  }
  return out;
}

describe('the verifiable draw (known answers)', () => {
  it('commits, hashes the canonical list and derives the seed exactly as specified', async () => {
    expect(ENTRANTS).toHaveLength(13);
    expect(ENTRANTS.slice(0, 3)).toEqual(['twitcasting:42', 'twitcasting:7', 'user:0a']);
    // SHA-256 of 32 bytes of 0x01 (a widely published test vector).
    expect(await commitmentOf(SECRET)).toBe(
      '72cd6e8422c407fb6d098690f1130b7ded7ec2f7f5e1d30bd9d521f015363793',
    );
    const hash = await entrantsHashOf(ENTRANTS);
    expect(hash).toBe(createHash('sha256').update(ENTRANTS.join('\n')).digest('hex'));
    expect(hash).toBe('0835437fdd96ca0225c13cc02ad27a50d11ba6132a3ce92bdd7b2125a598f772');
    const seed = await seedOf({ secret: SECRET, entrantsHash: hash, beaconValue: BEACON, drawId: 'draw-1' });
    const reference = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from(SECRET, 'hex'),
          Buffer.from(hash, 'hex'),
          Buffer.from(BEACON, 'hex'),
          Buffer.from('draw-1'),
        ]),
      )
      .digest('hex');
    expect(seed).toBe(reference);
    expect(seed).toBe('363f3743fad741fbe4976485ddafd689a197316afdb775f961a1bd0d337dec57');
    expect(await pickWinners(seed, ENTRANTS.length, 3)).toEqual([4, 10, 0]);
  });

  it('agrees with an independent implementation for many seeds and sizes, without repeats', async () => {
    for (let trial = 0; trial < 40; trial += 1) {
      const seed = createHash('sha256').update(`trial ${trial}`).digest();
      const n = 1 + ((trial * 7919) % 5000);
      const k = 1 + (trial % 25);
      const ours = await pickWinners(seed.toString('hex'), n, k);
      expect(ours).toEqual(referenceWinners(seed, n, k));
      expect(new Set(ours).size).toBe(ours.length);
      expect(ours.every((position) => position >= 0 && position < n)).toBe(true);
    }
  });

  it('picks everyone when there are fewer entrants than winners, and nobody from an empty list', async () => {
    const seed = 'cd'.repeat(32);
    expect((await pickWinners(seed, 3, 10)).sort()).toEqual([0, 1, 2]);
    expect(await pickWinners(seed, 0, 3)).toEqual([]);
  });

  it('is unbiased enough to pass a chi-squared check on the first pick', async () => {
    const n = 7;
    const counts = new Array<number>(n).fill(0);
    for (let trial = 0; trial < 3500; trial += 1) {
      const [first] = await pickWinners(createHash('sha256').update(`bias ${trial}`).digest('hex'), n, 1);
      counts[first!] = (counts[first!] ?? 0) + 1;
    }
    const expected = 3500 / n;
    const chi = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 6 degrees of freedom: p = 0.001 at 22.46.
    expect(chi).toBeLessThan(22.46);
  });

  it('refuses entrant keys that are not printable ASCII (the canonical order depends on it)', () => {
    expect(() => canonicalEntrants(['youtube:ok', 'user:bad key'])).toThrow('printable ASCII');
    expect(() => canonicalEntrants(['名前'])).toThrow();
  });
});

describe('verifyDraw', () => {
  async function proof(): Promise<DrawProof> {
    const entrantsHash = await entrantsHashOf(ENTRANTS);
    const seed = await seedOf({ secret: SECRET, entrantsHash, beaconValue: BEACON, drawId: 'draw-1' });
    const winners = (await pickWinners(seed, ENTRANTS.length, 3)).map((position) => ENTRANTS[position]!);
    return {
      algorithm: DRAW_ALGORITHM,
      drawId: 'draw-1',
      commitment: await commitmentOf(SECRET),
      secret: SECRET,
      entrants: ENTRANTS,
      entrantsHash,
      beacon: { source: 'chain:31337', round: '12', value: BEACON },
      seed,
      winnerCount: 3,
      winners,
    };
  }

  it('accepts an honest proof on the practice chain as practice, never as verified', async () => {
    const result = await verifyDraw(await proof());
    expect(result.ok).toBe(true);
    expect(result.verdict).toBe('practice');
    expect(result.beacon).toEqual({ status: 'practice', chainId: '31337', round: '12' });
    expect(result.checks.map((item) => item.name)).toEqual([
      'algorithm',
      'commitment',
      'entrants',
      'entrantsHash',
      'seed',
      'winners',
    ]);
  });

  it('names the step that fails when anything was changed', async () => {
    const failing = async (change: (p: DrawProof) => void) => {
      const p = await proof();
      change(p);
      return (await verifyDraw(p)).checks.filter((item) => !item.ok).map((item) => item.name);
    };
    expect(await failing((p) => (p.secret = '02'.repeat(32)))).toEqual(['commitment', 'seed', 'winners']);
    expect(await failing((p) => (p.entrants = [...p.entrants.slice(1)]))).toEqual(
      expect.arrayContaining(['entrantsHash']),
    );
    expect(await failing((p) => (p.entrants = [...p.entrants].reverse()))).toEqual(
      expect.arrayContaining(['entrants']),
    );
    expect(await failing((p) => (p.beacon.value = 'cd'.repeat(32)))).toEqual(['seed', 'winners']);
    expect(await failing((p) => (p.winners = [p.winners[1]!, p.winners[0]!, p.winners[2]!]))).toEqual([
      'winners',
    ]);
  });

  it('fails the verdict for a tampered practice draw and for a beacon label it cannot parse', async () => {
    const tampered = await proof();
    tampered.winners = [...tampered.winners].reverse();
    expect((await verifyDraw(tampered)).verdict).toBe('failed');
    const relabelled = await proof();
    relabelled.beacon.source = 'embedded-chain';
    const result = await verifyDraw(relabelled);
    expect(result.verdict).toBe('failed');
    expect(result.checks.filter((item) => !item.ok).map((item) => item.name)).toEqual(['beacon']);
  });

  it('takes a record check as a further requirement: its failure fails the draw', async () => {
    const asked: string[] = [];
    const record = { chainId: 31337, registry: `0x${'11'.repeat(20)}`, txHash: `0x${'22'.repeat(32)}` };
    // No record named: nothing to check, and nothing asked.
    await verifyDraw(await proof(), { record: async (p) => (asked.push(p.drawId), { ok: true }) });
    expect(asked).toEqual([]);
    const holding = await verifyDraw(
      { ...(await proof()), record },
      { record: async (p) => (asked.push(p.drawId), { ok: true }) },
    );
    expect(asked).toEqual(['draw-1']);
    expect(holding.checks.find((item) => item.name === 'record')?.ok).toBe(true);
    expect(holding.verdict).toBe('practice');
    const broken = await verifyDraw(
      { ...(await proof()), record },
      {
        record: async () => ({ ok: false, problem: 'no commitment record for draw-1' }),
      },
    );
    expect(broken.verdict).toBe('failed');
    expect(broken.checks.find((item) => item.name === 'record')).toMatchObject({
      ok: false,
      actual: 'no commitment record for draw-1',
    });
  });
});

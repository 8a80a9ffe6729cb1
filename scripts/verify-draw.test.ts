import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DRAW_ALGORITHM,
  canonicalEntrants,
  commitmentOf,
  entrantsHashOf,
  newSecret,
  pickWinners,
  seedOf,
  type DrawProof,
} from '@hanabi/draw';
import { DRAND_DEFAULT, DRAND_QUICKNET } from '@hanabi/draw';
import { DEFAULT_ROUND_1337, defaultChainProof } from '@hanabi/draw/default-rounds';
import { QUICKNET_ROUND_12040883, flipBit, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { exitCodeOf, main, proofUrl } from './verify-draw.ts';

async function honestProof(): Promise<DrawProof> {
  const { secret, commitment } = await newSecret();
  const entrants = canonicalEntrants(Array.from({ length: 50 }, (_, i) => `youtube:viewer${i}`));
  const entrantsHash = await entrantsHashOf(entrants);
  const beacon = { source: 'chain:31337', round: '99', value: 'ef'.repeat(32) };
  const seed = await seedOf({ secret, entrantsHash, beaconValue: beacon.value, drawId: 'd1' });
  const winners = (await pickWinners(seed, entrants.length, 3)).map((position) => entrants[position]!);
  expect(await commitmentOf(secret)).toBe(commitment);
  return {
    algorithm: DRAW_ALGORITHM,
    drawId: 'd1',
    commitment,
    secret,
    entrants,
    entrantsHash,
    beacon,
    seed,
    winnerCount: 3,
    winners,
  };
}

describe('verify-draw', () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function serve(proof: DrawProof): Promise<string> {
    server = http.createServer((request, response) => {
      if (request.url === '/api/draw/d1/proof') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(proof));
      } else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('maps the public page to its proof JSON', () => {
    expect(proofUrl('https://hanabi.example/draw/abc')).toBe('https://hanabi.example/api/draw/abc/proof');
    expect(proofUrl('https://hanabi.example/api/draw/abc/proof')).toBe(
      'https://hanabi.example/api/draw/abc/proof',
    );
  });

  /** The command as run: its exit code and what it printed, against a loopback server answering `proof`. */
  async function run(proof: DrawProof, ...flags: string[]) {
    server?.close();
    const lines: string[] = [];
    const errors: string[] = [];
    const code = await main(
      [`${await serve(proof)}/draw/d1`, ...flags],
      (line) => lines.push(line),
      (text) => errors.push(text),
    );
    return { code, text: lines.join('\n'), errors: errors.join('') };
  }

  it('calls an honest practice draw practice: exit 1, or 0 with --allow-practice, never "Verified"', async () => {
    const proof = await honestProof();
    const strict = await run(proof);
    expect(strict.code).toBe(1);
    expect(strict.text).toContain('Beacon: block 99 of chain 31337, a chain this server runs (practice');
    expect(strict.text.split('\n').at(-1)).toMatch(/^Practice draw: it recomputes/);
    expect(strict.text).not.toContain('Verified');
    const allowed = await run(proof, '--allow-practice');
    expect(allowed.code).toBe(0);
    expect(allowed.text.split('\n').at(-1)).toMatch(/^Practice draw/);
  });

  it('rejects a tampered practice draw even with --allow-practice', async () => {
    const proof = await honestProof();
    const tampered = { ...proof, winners: [...proof.winners].reverse() };
    const result = await run(tampered, '--allow-practice');
    expect(result.code).toBe(1);
    expect(result.text).toContain('FAIL winners');
    expect(result.text.split('\n').at(-1)).toBe('NOT verified');
  });

  it('exits 0 only for verified, 2 for bad usage or an unreadable proof', async () => {
    expect([
      exitCodeOf('verified', false),
      exitCodeOf('practice', false),
      exitCodeOf('failed', true),
    ]).toEqual([0, 1, 1]);
    expect(exitCodeOf('practice', true)).toBe(0);
    const errors: string[] = [];
    expect(
      await main(
        [],
        () => undefined,
        (text) => errors.push(text),
      ),
    ).toBe(2);
    expect(
      await main(
        ['--allow-practice'],
        () => undefined,
        (text) => errors.push(text),
      ),
    ).toBe(2);
    expect(
      await main(
        [`${await serve(await honestProof())}/draw/d1`, '--rpc'],
        () => undefined,
        (text) => errors.push(text),
      ),
    ).toBe(2);
    expect(errors.join('')).toContain('Usage: npm run verify-draw');
    const url = await serve(await honestProof());
    expect(
      await main(
        [`${url}/draw/missing`],
        () => undefined,
        (text) => errors.push(text),
      ),
    ).toBe(2);
    expect(errors.at(-1)).toContain('answered HTTP 404');
  });

  it('checks a drand beacon: real quicknet rounds verify, a flipped bit, another round or a late close fail', async () => {
    for (const honest of [await quicknetProof(), await quicknetProof(QUICKNET_ROUND_12040883)]) {
      // A genuine round, but no public record: at most practice (the verified path, record read from a real
      // chain, is built-server-drand.int.test.ts).
      const result = await run(honest);
      expect(result.code).toBe(1);
      expect(result.text).toContain(`drand quicknet round ${honest.beacon.round}, BLS signature checked`);
      expect(result.text).toContain('Record: none');
      expect(result.text.split('\n').at(-1)).toMatch(/^Practice draw: /);
      expect((await run(honest, '--allow-practice')).code).toBe(0);
    }
    const flipped = await quicknetProof();
    flipped.beacon.signature = flipBit(flipped.beacon.signature!);
    const otherRound = await quicknetProof();
    otherRound.beacon.round = '999';
    const lateClose = await quicknetProof();
    lateClose.closedAt = new Date(Date.parse(lateClose.closedAt!) + 3_000).toISOString();
    for (const tampered of [flipped, otherRound, lateClose]) {
      const result = await run(tampered, '--allow-practice');
      expect(result.code).toBe(1);
      expect(result.text).toContain('Beacon does NOT verify');
      expect(result.text).toContain('FAIL beacon');
    }
  });

  it('verifies real default-chain rounds and refuses a flipped previous signature, another round or a relabel', async () => {
    for (const honest of [await defaultChainProof(), await defaultChainProof(DEFAULT_ROUND_1337)]) {
      const result = await run(honest, '--allow-practice');
      expect(result.code).toBe(0);
      expect(result.text).toContain(`drand default round ${honest.beacon.round}, BLS signature checked`);
    }
    const flippedSignature = await defaultChainProof();
    flippedSignature.beacon.signature = flipBit(flippedSignature.beacon.signature!);
    const flippedPrevious = await defaultChainProof();
    flippedPrevious.beacon.previousSignature = flipBit(flippedPrevious.beacon.previousSignature!, 7);
    const otherSignature = await defaultChainProof();
    otherSignature.beacon.signature = DEFAULT_ROUND_1337.signature;
    const wrongRound = await defaultChainProof();
    wrongRound.beacon.round = '72786';
    const relabelled = await defaultChainProof();
    relabelled.beacon.source = `drand:${DRAND_QUICKNET.chainHash}`;
    for (const tampered of [flippedSignature, flippedPrevious, otherSignature, wrongRound, relabelled]) {
      const result = await run(tampered);
      expect(result.code).toBe(1);
      expect(result.text).toContain('Beacon does NOT verify [');
    }
    expect((await run(flippedPrevious)).text).toContain(
      `[signature-invalid]: the signature of round 72785 does not verify against drand ${DRAND_DEFAULT.name}'s public key`,
    );
  });

  it('fails a proof whose beacon label is not exactly a pinned drand chain or chain:<id>', async () => {
    for (const source of ['chain:137x', `DRAND:${DRAND_QUICKNET.chainHash}`, 'embedded-chain']) {
      const proof = await honestProof();
      proof.beacon.source = source;
      const result = await run(proof, '--allow-practice');
      expect(result.code).toBe(1);
      expect(result.text).toContain('Beacon does NOT verify [source-invalid]');
    }
  });
});

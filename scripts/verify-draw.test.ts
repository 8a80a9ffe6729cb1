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
import { QUICKNET_ROUND_12040883, flipBit, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { proofUrl, verifyDrawAt } from './verify-draw.ts';

async function honestProof(): Promise<DrawProof> {
  const { secret, commitment } = await newSecret();
  const entrants = canonicalEntrants(Array.from({ length: 50 }, (_, i) => `youtube:viewer${i}`));
  const entrantsHash = await entrantsHashOf(entrants);
  const beacon = { source: 'embedded-chain', round: '99', value: 'ef'.repeat(32) };
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

  it('verifies an honest draw from its page address and rejects a tampered one', async () => {
    const proof = await honestProof();
    const lines: string[] = [];
    expect(await verifyDrawAt(`${await serve(proof)}/draw/d1`, (line) => lines.push(line))).toBe(true);
    expect(lines.at(-1)).toContain('Verified');
    server!.close();

    const tampered = { ...proof, winners: [...proof.winners].reverse() };
    const out: string[] = [];
    expect(await verifyDrawAt(`${await serve(tampered)}/draw/d1`, (line) => out.push(line))).toBe(false);
    expect(out.join('\n')).toContain('FAIL winners');
  });

  it('checks a drand beacon: real quicknet rounds verify, a flipped bit, another round or a late close fail', async () => {
    const run = async (proof: DrawProof) => {
      const lines: string[] = [];
      server?.close();
      const ok = await verifyDrawAt(`${await serve(proof)}/api/draw/d1/proof`, (line) => lines.push(line));
      return { ok, text: lines.join('\n') };
    };
    for (const honest of [await quicknetProof(), await quicknetProof(QUICKNET_ROUND_12040883)]) {
      const result = await run(honest);
      expect(result.ok).toBe(true);
      expect(result.text).toContain(`drand quicknet round ${honest.beacon.round}, BLS signature checked`);
    }
    const flipped = await quicknetProof();
    flipped.beacon.signature = flipBit(flipped.beacon.signature!);
    const otherRound = await quicknetProof();
    otherRound.beacon.round = '999';
    const lateClose = await quicknetProof();
    lateClose.closedAt = new Date(Date.parse(lateClose.closedAt!) + 3_000).toISOString();
    for (const tampered of [flipped, otherRound, lateClose]) {
      const result = await run(tampered);
      expect(result.ok).toBe(false);
      expect(result.text).toContain('Beacon does NOT verify');
      expect(result.text).toContain('FAIL beacon');
    }
  });
});

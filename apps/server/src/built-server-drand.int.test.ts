import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAND_DEFAULT, DRAND_QUICKNET, pickWinners, seedOf, verifyDraw, type DrawProof } from '@hanabi/draw';
import { DEFAULT_ROUND_72785 } from '@hanabi/draw/default-rounds';
import { readCommitmentRecord, recordCheckVia } from '@hanabi/draw/record';
import { openSealedSecret } from '@hanabi/draw/timelock';
import { QUICKNET_ROUND_12040883 as ROUND } from '@hanabi/draw/quicknet-rounds';
import { serverPaths } from './paths.ts';
import {
  drawOnRound,
  signUpStreamer,
  startDrandDrawStack,
  type DrandDrawStack,
} from './test/drand-draw-stack.ts';
import type { ProductionStack } from './test/production-stack.ts';
import type { PublicDraw } from '@hanabi/api';

/**
 * The shipped server draws on drand: `dist/main.js` — what `npm start` and the image run, with the dependencies it
 * loads from node_modules — against a loopback relay serving a real published quicknet round, in production mode
 * on PostgreSQL. Tests that import the sources cannot see a bundle that loads another version of a dependency
 * (once @noble/curves 1.9.1 instead of 2.4.0: every genuine round refused; decision 0201).
 */
const postgres = process.env.TEST_DATABASE_URL;
const STREAMER_EMAIL = 'built-drand@hanabi.example';
describe.runIf(postgres)('the built server draws on a real drand round', () => {
  let drand: DrandDrawStack;
  let origin: string;
  let stack: ProductionStack;

  beforeAll(async () => {
    drand = await startDrandDrawStack('built_drand', DRAND_QUICKNET, [ROUND]);
    ({ origin, stack } = drand);
  }, 240_000);

  afterAll(async () => {
    await drand?.close();
  });

  it('closes just before the round, waits for it, verifies it and reveals the winners', async () => {
    const streamer = await signUpStreamer(drand, STREAMER_EMAIL);
    const { status, list } = await drawOnRound(drand, streamer, ROUND, {
      entrants: 25,
      winners: 3,
      prefix: 'UCbuilt',
    });
    expect(status, JSON.stringify(list)).toBe(201);
    expect(list.draws).toHaveLength(1);
    expect(list.draws[0]!.status).toBe('revealed');
    expect(list.draws[0]!.beacon).toEqual({
      source: `drand:${DRAND_QUICKNET.chainHash}`,
      round: String(ROUND.round),
      value: ROUND.randomness,
    });
    expect(drand.relay.asked).toContain(`/${DRAND_QUICKNET.chainHash}/public/${ROUND.round}`);
    // The api holds no signer (production never gives it one): the worker wrote the record for it.
    const [api, worker] = drand.output();
    expect(worker).toMatch(/"msg":"draw record published"/);
    expect(api).not.toMatch(/"msg":"draw record published"/);

    // Anyone can check it: the proof verifies, beacon signature and public record included, read from the chain.
    const drawId = list.draws[0]!.id;
    const proof = await proofOf(drawId);
    expect(proof.record).toMatchObject({ chainId: 31337 });
    // The server's own word on the beacon, which colours the page's badge: a round its record named.
    const shown = (await (await fetch(`${origin}/api/draw/${drawId}`)).json()) as PublicDraw;
    expect(shown.beaconVerdict).toEqual({ status: 'verified', problem: null });
    const check = { record: recordCheckVia(stack.rpcUrl) };
    const verdict = await verifyDraw(proof, check);
    expect(verdict.checks.filter((item) => !item.ok)).toEqual([]);
    expect(verdict.verdict).toBe('verified');
    expect(proof.winners).toHaveLength(3);
    // Without reading the record nobody may call it verified.
    expect((await verifyDraw(proof)).verdict).toBe('practice');
    // The command line, as a reader runs it, through the chain RPC they chose.
    const cli = verifyDrawCli(`${origin}/draw/${drawId}`, '--rpc', stack.rpcUrl);
    expect(cli.status, cli.stdout + cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/Record: transaction 0x[0-9a-f]{64} on chain 31337, read through/);
    expect(cli.stdout).toMatch(/^Verified: the winners are /m);
    expect(verifyDrawCli(`${origin}/draw/${drawId}`).status).toBe(1); // no RPC published, none given

    // S and the winners from the chain record and the round alone, without the server.
    const read = await readCommitmentRecord(proof.record!, stack.rpcUrl);
    expect(read.ok).toBe(true);
    const record = (read as Extract<typeof read, { ok: true }>).record;
    const unsealed = await openSealedSecret({
      sealed: record.sealedSecret,
      chain: DRAND_QUICKNET,
      round: record.beaconRound,
      signature: ROUND.signature,
      commitment: record.commitment,
    });
    expect(unsealed).toEqual({ ok: true, value: proof.secret });
    const seed = await seedOf({
      secret: unsealed.ok ? unsealed.value : '',
      entrantsHash: record.entrantsHash,
      beaconValue: ROUND.randomness,
      drawId,
    });
    const positions = await pickWinners(seed, proof.entrants.length, proof.winnerCount);
    expect(positions.map((position) => proof.entrants[position])).toEqual(proof.winners);

    // The operator edits the row after the beacon, keeping it self-consistent: the record refuses every edit.
    const edits: Array<[string, string, RegExp]> = [
      [
        'a new secret',
        `update draw set secret_seed = repeat('ab', 32),
           commitment = encode(sha256(decode(repeat('ab', 32), 'hex')), 'hex') where id = $1`,
        /the commitment C is/,
      ],
      [
        'a later close',
        `update draw set closed_at = closed_at + interval '30 seconds' where id = $1`,
        /the close time T is/,
      ],
      [
        'another entrant list',
        `with gone as (delete from draw_entrant where draw_id = $1
             and position = (select max(position) from draw_entrant where draw_id = $1) returning draw_id)
         update draw set entrants_hash = (select encode(sha256(convert_to(string_agg(entrant_key, E'\n' order by position), 'UTF8')), 'hex')
           from draw_entrant where draw_id = $1 and position < (select max(position) from draw_entrant where draw_id = $1))
         where id = $1 and exists (select 1 from gone)`,
        /the entrant list hash H is/,
      ],
    ];
    for (const [what, edit, problem] of edits) {
      await drand.database.pool!.query(edit, [drawId]);
      const refused = await verifyDraw(await proofOf(drawId), check);
      expect(refused.verdict, what).toBe('failed');
      expect(refused.checks.find((item) => item.name === 'record')?.actual, what).toMatch(problem);
    }
    const edited = verifyDrawCli(`${origin}/draw/${drawId}`, '--rpc', stack.rpcUrl, '--allow-practice');
    expect(edited.status).toBe(1);
    expect(edited.stdout).toMatch(/FAIL record: .*the commitment C is/);
  }, 180_000); // a 12 s wait for the round, and the command line started three times

  function verifyDrawCli(...args: string[]) {
    return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify-draw.ts', ...args], {
      cwd: path.resolve(serverPaths.root, '../..'),
      encoding: 'utf8',
    });
  }

  async function proofOf(drawId: string): Promise<DrawProof> {
    const response = await fetch(`${origin}/api/draw/${drawId}/proof`);
    expect(response.status).toBe(200);
    return (await response.json()) as DrawProof;
  }
});

/**
 * The League of Entropy's other chain, `default` (chained, 30 s): a deployment that names it draws on it the same
 * way, record first. It serves no timelock, so the record seals nothing: S is the server's until the reveal.
 */
describe.runIf(postgres)('the built server draws on a real round of the default chain', () => {
  let drand: DrandDrawStack;

  beforeAll(async () => {
    drand = await startDrandDrawStack('built_drand_default', DRAND_DEFAULT, [DEFAULT_ROUND_72785]);
  }, 240_000);

  afterAll(async () => {
    await drand?.close();
  });

  it('records, waits for the round, verifies its chained signature and reveals', async () => {
    const streamer = await signUpStreamer(drand, 'built-drand-default@hanabi.example');
    const { status, list } = await drawOnRound(drand, streamer, DEFAULT_ROUND_72785, {
      entrants: 9,
      winners: 2,
      prefix: 'UCdefault',
    });
    expect(status, JSON.stringify(list)).toBe(201);
    expect(list.draws[0]).toMatchObject({
      status: 'revealed',
      beacon: {
        source: `drand:${DRAND_DEFAULT.chainHash}`,
        round: String(DEFAULT_ROUND_72785.round),
        value: DEFAULT_ROUND_72785.randomness,
      },
    });
    const drawId = list.draws[0]!.id;
    const proof = (await (await fetch(`${drand.origin}/api/draw/${drawId}/proof`)).json()) as DrawProof;
    expect(proof.beacon.previousSignature).toBe(DEFAULT_ROUND_72785.previousSignature);
    const shown = (await (await fetch(`${drand.origin}/api/draw/${drawId}`)).json()) as PublicDraw;
    expect(shown.beaconVerdict).toEqual({ status: 'verified', problem: null });
    const verdict = await verifyDraw(proof, { record: recordCheckVia(drand.stack.rpcUrl) });
    expect(verdict.checks.filter((item) => !item.ok)).toEqual([]);
    expect(verdict.verdict).toBe('verified');
    const read = await readCommitmentRecord(proof.record!, drand.stack.rpcUrl);
    expect(read.ok && read.record.sealedSecret).toBe('');
  }, 120_000);
});

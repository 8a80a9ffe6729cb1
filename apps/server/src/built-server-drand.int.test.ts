import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAND_QUICKNET,
  drandRoundTime,
  pickWinners,
  seedOf,
  verifyDraw,
  type DrawProof,
} from '@hanabi/draw';
import { readCommitmentRecord, recordCheckVia } from '@hanabi/draw/record';
import { openSealedSecret } from '@hanabi/draw/timelock';
import { QUICKNET_ROUND_12040883 as ROUND, type QuicknetRound } from '@hanabi/draw/quicknet-rounds';
import { openPostgres, type Database } from './db/client.ts';
import { serverPaths } from './paths.ts';
import { insertCampaignWithEntrants } from './test/draws.fixture.ts';
import { insertGoods } from './test/live-entries.fixture.ts';
import {
  freePort,
  requestSignInLink,
  startHanabi,
  startProductionStack,
  until,
  type ProductionStack,
} from './test/production-stack.ts';

/**
 * The shipped server draws on drand: `dist/main.js` — what `npm start` and the image run, with the dependencies it
 * loads from node_modules — against a loopback relay serving a real published quicknet round, in production mode
 * on PostgreSQL. Tests that import the sources cannot see a bundle that loads another version of a dependency
 * (once @noble/curves 1.9.1 instead of 2.4.0: every genuine round refused; decision 0201).
 */
const postgres = process.env.TEST_DATABASE_URL;
const STREAMER_EMAIL = 'built-drand@hanabi.example';
const preload = path.join(serverPaths.root, 'src/test/stopped-clock.preload.mjs');

/** A drand relay on loopback: the real rounds it was given, 425 (too early) for any other. */
async function startRelay(rounds: QuicknetRound[]): Promise<{ url: string; asked: string[]; close(): void }> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    const wanted = new RegExp(`^/${DRAND_QUICKNET.chainHash}/public/(\\d+)$`).exec(request.url ?? '');
    const round = rounds.find((known) => String(known.round) === wanted?.[1]);
    if (!round) return void response.writeHead(425).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(round));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => server.close() };
}

describe.runIf(postgres)('the built server draws on a real drand round', () => {
  let stack: ProductionStack;
  let database: Database;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  /** An api (which never holds the signer in production) and the worker that writes records for it. */
  let hanabi: Array<{ process: ReturnType<typeof startHanabi>; clockFile: string }>;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    stack = await startProductionStack('built_drand', origin, { deployToken: true });
    relay = await startRelay([ROUND]);
    const clocks = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-clock-'));
    // Its stream is a row nobody reads: the draw freezes at once rather than wait for ingestion (decision 0204).
    const env = {
      ...stack.env,
      DRAND_URL: relay.url,
      DRAND_CHAIN_HASH: DRAND_QUICKNET.chainHash,
      DRAW_INGEST_WAIT_SECONDS: '0',
    };
    const fromDist = (role: string, extra: Record<string, string> = {}) =>
      startHanabi(
        {
          ...env,
          HANABI_ROLE: role,
          PORT: String(port),
          HANABI_TEST_CLOCK_FILE: path.join(clocks, role),
          ...extra,
        },
        { cwd: serverPaths.root, args: ['--import', preload, serverPaths.builtMain] },
      );
    await Promise.all(['api', 'worker'].map((role) => fs.writeFile(path.join(clocks, role), '')));
    const migrate = fromDist('migrate');
    expect(await migrate.exited, migrate.output()).toBe(0);
    // The draw registry, deployed the production way (the token is already there: only the registry is new).
    const deploy = fromDist('deploy-token');
    expect(await deploy.exited, deploy.output()).toBe(0);
    expect(deploy.output()).toMatch(/Hanabi draw registry: 0x[0-9a-fA-F]{40}/);
    // The api holds no signer (production never gives it one): it hands each draw's record to the worker
    // (`draws.record`) and answers once the worker has written it and finished the draw.
    hanabi = [
      { process: fromDist('api'), clockFile: path.join(clocks, 'api') },
      {
        process: fromDist('worker', { WORKER_HEALTH_PORT: String(await freePort()) }),
        clockFile: path.join(clocks, 'worker'),
      },
    ];
    await Promise.all(hanabi.map((item) => item.process.ready()));
    database = await openPostgres(stack.databaseUrl, 2);
  }, 240_000);

  afterAll(async () => {
    for (const item of hanabi ?? []) item.process.child.kill('SIGTERM');
    await Promise.all((hanabi ?? []).map((item) => item.process.exited));
    await database?.close();
    relay?.close();
    await stack?.close();
  });

  /** Stops both processes' clocks at `at` and waits until each says it has. */
  async function stopClockAt(at: Date): Promise<void> {
    for (const { process, clockFile } of hanabi) {
      await fs.rm(`${clockFile}.ack`, { force: true });
      await fs.writeFile(clockFile, String(at.getTime()));
      process.child.kill('SIGUSR2');
      await until(
        'the clock stopped',
        async () => (await fs.stat(`${clockFile}.ack`).catch(() => null)) !== null,
        10_000,
      );
    }
  }

  it('closes just before the round, waits for it, verifies it and reveals the winners', async () => {
    const { link, cookie } = await requestSignInLink(
      stack,
      origin,
      STREAMER_EMAIL,
      '/signup/streamer/finishSignUp',
    );
    const opened = await fetch(link, { redirect: 'manual', headers: { cookie } });
    expect(opened.status).toBe(302);
    const headers = {
      authorization: `Bearer ${opened.headers.get('set-auth-token')}`,
      'content-type': 'application/json',
    };
    const signedUp = await fetch(`${origin}/api/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ userType: 'streamer' }),
    });
    expect(signedUp.status).toBe(201);
    const streamerId = ((await signedUp.json()) as { id: string }).id;

    // The draw closes 12 s before the round: its record goes out at once, and the first round published at least
    // the 10 s margin after that is this one. The chain's clock reads a second after the close.
    const closeAt = new Date((drandRoundTime(DRAND_QUICKNET, ROUND.round) - 12) * 1000);
    const goodsId = await insertGoods(database.db, streamerId);
    const { campaignId, stream } = await insertCampaignWithEntrants(database.db, {
      streamerId,
      goodsId,
      closedAt: closeAt,
      entrants: 25,
      prefix: 'UCbuilt',
      winnerCount: 3,
    });

    await stopClockAt(closeAt);
    await stack.chain.publicClient.request({
      method: 'anvil_setTime' as never,
      params: [Math.floor(closeAt.getTime() / 1000) + 1] as never,
    });
    const drawn = await fetch(
      `${origin}/api/liveStreaming/youtube/${stream.channelId}/${stream.broadcastId}/winner`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({ campaignId, count: 3 }),
      },
    );
    const list = (await drawn.json()) as { draws: Array<{ id: string; status: string; beacon: unknown }> };
    expect(drawn.status, JSON.stringify(list)).toBe(201);
    expect(list.draws).toHaveLength(1);
    expect(list.draws[0]!.status).toBe('revealed');
    expect(list.draws[0]!.beacon).toEqual({
      source: `drand:${DRAND_QUICKNET.chainHash}`,
      round: String(ROUND.round),
      value: ROUND.randomness,
    });
    expect(relay.asked).toContain(`/${DRAND_QUICKNET.chainHash}/public/${ROUND.round}`);
    // The worker wrote the record, not the api the streamer asked.
    const [api, worker] = hanabi.map((item) => item.process.output());
    expect(worker).toMatch(/"msg":"draw record published"/);
    expect(api).not.toMatch(/"msg":"draw record published"/);

    // Anyone can check it: the proof verifies, beacon signature and public record included, read from the chain.
    const drawId = list.draws[0]!.id;
    const proof = await proofOf(drawId);
    expect(proof.record).toMatchObject({ chainId: 31337 });
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
      await database.pool!.query(edit, [drawId]);
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

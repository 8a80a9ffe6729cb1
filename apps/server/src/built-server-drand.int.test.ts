import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAND_QUICKNET, drandRoundTime, verifyDraw, type DrawProof } from '@hanabi/draw';
import { QUICKNET_ROUND_12040883 as ROUND, type QuicknetRound } from '@hanabi/draw/quicknet-rounds';
import { openPostgres, type Database } from './db/client.ts';
import { serverPaths } from './paths.ts';
import { insertCampaign, insertComments, insertGoods, insertStream } from './test/live-entries.fixture.ts';
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
  let hanabi: ReturnType<typeof startHanabi>;
  let origin: string;
  let clockFile: string;

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['build.mjs'], { cwd: serverPaths.root, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    stack = await startProductionStack('built_drand', origin, { deployToken: true });
    relay = await startRelay([ROUND]);
    clockFile = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-clock-')), 'now');
    await fs.writeFile(clockFile, '');
    const env = { ...stack.env, DRAND_URL: relay.url, DRAND_CHAIN_HASH: DRAND_QUICKNET.chainHash };
    const fromDist = (role: string) =>
      startHanabi(
        { ...env, HANABI_ROLE: role, PORT: String(port), HANABI_TEST_CLOCK_FILE: clockFile },
        { cwd: serverPaths.root, args: ['--import', preload, 'dist/main.js'] },
      );
    const migrate = fromDist('migrate');
    expect(await migrate.exited, migrate.output()).toBe(0);
    hanabi = fromDist('all');
    await hanabi.ready();
    database = await openPostgres(stack.databaseUrl, 2);
  }, 240_000);

  afterAll(async () => {
    hanabi?.child.kill('SIGTERM');
    await hanabi?.exited;
    await database?.close();
    relay?.close();
    await stack?.close();
  });

  /** Stops the server's clock at `at` and waits until it says it has. */
  async function stopClockAt(at: Date): Promise<void> {
    await fs.rm(`${clockFile}.ack`, { force: true });
    await fs.writeFile(clockFile, String(at.getTime()));
    hanabi.child.kill('SIGUSR2');
    await until(
      'the clock stopped',
      async () => (await fs.stat(`${clockFile}.ack`).catch(() => null)) !== null,
      10_000,
    );
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

    // The draw closes 2 s before the round is published: that round is its beacon.
    const closeAt = new Date((drandRoundTime(DRAND_QUICKNET, ROUND.round) - 2) * 1000);
    const goodsId = await insertGoods(database.db, streamerId);
    const campaignId = await insertCampaign(database.db, {
      streamerId,
      goodsId,
      winnerCount: 3,
      startsAt: new Date(closeAt.getTime() - 3_600_000),
      endsAt: new Date(closeAt.getTime() + 3_600_000),
    });
    const stream = await insertStream(database.db, { campaignId, platform: 'youtube' });
    await insertComments(
      database.db,
      stream.id,
      Array.from({ length: 25 }, (_, i) => ({
        author: `UCbuilt${i}`,
        publishedAt: new Date(closeAt.getTime() - 60_000),
      })),
    );

    await stopClockAt(closeAt);
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

    // Anyone can check it: the published proof verifies, beacon signature included.
    const proofResponse = await fetch(`${origin}/api/draw/${list.draws[0]!.id}/proof`);
    expect(proofResponse.status).toBe(200);
    const proof = (await proofResponse.json()) as DrawProof;
    const verdict = await verifyDraw(proof);
    expect(verdict.ok).toBe(true);
    expect(verdict.beacon.status).toBe('verified');
    expect(proof.winners).toHaveLength(3);
  });
});

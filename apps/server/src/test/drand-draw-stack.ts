import fs from 'node:fs/promises';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { drandRoundTime, type DrandChain } from '@hanabi/draw';
import type { DrandRound } from '@hanabi/draw/quicknet-rounds';
import { openPostgres, type Database } from '../db/client.ts';
import { serverPaths } from '../paths.ts';
import { insertCampaignWithEntrants, insertGoods } from './live-entries.fixture.ts';
import {
  freePort,
  requestSignInLink,
  startHanabi,
  startProductionStack,
  until,
  type ProductionStack,
} from './production-stack.ts';

/**
 * The shipped server drawing on a real drand round, as production runs it: `dist/main.js` in production mode on
 * PostgreSQL, an api (which never holds the signer) and a worker (which writes the draws' records), a loopback
 * relay serving real published rounds of one drand chain, and both processes' clocks in the test's hand — real rounds are
 * signed for moments long past (`stopped-clock.preload.mjs`). Used by the built-server drand test and by the e2e
 * spec that opens such a draw's proof page in Chromium.
 */
export interface DrandDrawStack {
  origin: string;
  /** The drand chain the deployment names (`DRAND_CHAIN_HASH`). */
  chain: DrandChain;
  stack: ProductionStack;
  database: Database;
  relay: DrandRelay;
  /** The api's output, then the worker's. */
  output(): [string, string];
  /** Stops both processes' clocks at `at` (null: the real clock again) and waits until each says it has. */
  setClock(at: Date | null): Promise<void>;
  close(): Promise<void>;
}

export interface DrandRelay {
  url: string;
  asked: string[];
  close(): void;
}

const preload = path.join(serverPaths.root, 'src/test/stopped-clock.preload.mjs');

/** A drand relay on loopback: the real rounds of `chain` it was given, as drand's HTTP API answers them; 425 (too
 * early) for any other. */
export async function startRelay(chain: DrandChain, rounds: DrandRound[]): Promise<DrandRelay> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    const wanted = new RegExp(`^/${chain.chainHash}/public/(\\d+)$`).exec(request.url ?? '');
    const round = rounds.find((known) => String(known.round) === wanted?.[1]);
    if (!round) return void response.writeHead(425).end();
    const { previousSignature, ...published } = round;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        ...published,
        ...(previousSignature ? { previous_signature: previousSignature } : {}),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => server.close() };
}

/**
 * Starts the stack: migrated, token and registry deployed, api and worker ready. `publishRpc` publishes the
 * chain's RPC (`CHAIN_PUBLIC_RPC_URL`) for a page that reads the record; `host` is the name the api is reached by.
 */
export async function startDrandDrawStack(
  name: string,
  chain: DrandChain,
  rounds: DrandRound[],
  options: { publishRpc?: boolean; host?: string } = {},
): Promise<DrandDrawStack> {
  const port = await freePort();
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const stack = await startProductionStack(name, origin, { deployToken: true });
  const relay = await startRelay(chain, rounds);
  const clocks = await fs.mkdtemp(path.join(os.tmpdir(), 'hanabi-clock-'));
  await Promise.all(['api', 'worker'].map((role) => fs.writeFile(path.join(clocks, role), '')));
  // Its streams are rows nobody reads: a draw freezes at once rather than wait for ingestion (decision 0204).
  const env = {
    ...stack.env,
    DRAND_URL: relay.url,
    DRAND_CHAIN_HASH: chain.chainHash,
    DRAW_INGEST_WAIT_SECONDS: '0',
    ...(options.publishRpc ? { CHAIN_PUBLIC_RPC_URL: stack.rpcUrl } : {}),
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
  for (const role of ['migrate', 'deploy-token']) {
    const step = fromDist(role);
    if ((await step.exited) !== 0) throw new Error(`${role} failed:\n${step.output()}`);
    // The draw registry, deployed the production way (the token is already there: only the registry is new).
    if (role === 'deploy-token' && !/Hanabi draw registry: 0x[0-9a-fA-F]{40}/.test(step.output()))
      throw new Error(`no draw registry deployed:\n${step.output()}`);
  }
  const processes = [
    { role: 'api', server: fromDist('api') },
    { role: 'worker', server: fromDist('worker', { WORKER_HEALTH_PORT: String(await freePort()) }) },
  ];
  await Promise.all(processes.map(({ server }) => server.ready()));
  const database = await openPostgres(stack.databaseUrl, 2);
  return {
    origin,
    chain,
    stack,
    database,
    relay,
    output: () => [processes[0]!.server.output(), processes[1]!.server.output()],
    async setClock(at) {
      for (const { role, server } of processes) {
        const file = path.join(clocks, role);
        await fs.rm(`${file}.ack`, { force: true });
        await fs.writeFile(file, at ? String(at.getTime()) : '');
        server.child.kill('SIGUSR2');
        await until(
          'the clock set',
          async () => (await fs.stat(`${file}.ack`).catch(() => null)) !== null,
          10_000,
        );
      }
    },
    async close() {
      for (const { server } of processes) server.child.kill('SIGTERM');
      await Promise.all(processes.map(({ server }) => server.exited));
      await database.close();
      relay.close();
      await stack.close();
    },
  };
}

/** Signs a new streamer up by e-mail link; answers the bearer headers and the streamer's id. */
export async function signUpStreamer(
  drand: DrandDrawStack,
  email: string,
): Promise<{ headers: Record<string, string>; streamerId: string }> {
  const { link, cookie } = await requestSignInLink(
    drand.stack,
    drand.origin,
    email,
    '/signup/streamer/finishSignUp',
  );
  const opened = await fetch(link, { redirect: 'manual', headers: { cookie } });
  if (opened.status !== 302) throw new Error(`the sign-in link answered ${opened.status}`);
  const headers = {
    authorization: `Bearer ${opened.headers.get('set-auth-token')}`,
    'content-type': 'application/json',
  };
  const signedUp = await fetch(`${drand.origin}/api/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userType: 'streamer' }),
  });
  if (signedUp.status !== 201)
    throw new Error(`sign-up answered ${signedUp.status}: ${await signedUp.text()}`);
  return { headers, streamerId: ((await signedUp.json()) as { id: string }).id };
}

export interface DrawnOnRound {
  campaignId: string;
  status: number;
  list: { draws: Array<{ id: string; status: string; beacon: unknown }> };
}

/**
 * A live campaign of `entrants` commenters whose streamer draws `winners` 12 s before `round` is published: its
 * record goes out at once (the chain's clock a second after the close), and the first round published at least
 * the 10 s margin after that is `round`. Answers the draw request's status and body.
 */
export async function drawOnRound(
  drand: DrandDrawStack,
  signedIn: { headers: Record<string, string>; streamerId: string },
  round: DrandRound,
  values: { entrants: number; winners: number; prefix: string },
): Promise<DrawnOnRound> {
  const closeAt = new Date((drandRoundTime(drand.chain, round.round) - 12) * 1000);
  const goodsId = await insertGoods(drand.database.db, signedIn.streamerId);
  const { campaignId, stream } = await insertCampaignWithEntrants(drand.database.db, {
    streamerId: signedIn.streamerId,
    goodsId,
    closedAt: closeAt,
    entrants: values.entrants,
    prefix: values.prefix,
    winnerCount: values.winners,
  });
  await drand.setClock(closeAt);
  await drand.stack.chain.publicClient.request({
    method: 'anvil_setTime' as never,
    params: [Math.floor(closeAt.getTime() / 1000) + 1] as never,
  });
  const drawn = await fetch(
    `${drand.origin}/api/liveStreaming/youtube/${stream.channelId}/${stream.broadcastId}/winner`,
    {
      method: 'POST',
      headers: signedIn.headers,
      body: JSON.stringify({ campaignId, count: values.winners }),
    },
  );
  return { campaignId, status: drawn.status, list: (await drawn.json()) as DrawnOnRound['list'] };
}

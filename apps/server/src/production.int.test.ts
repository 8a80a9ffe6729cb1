import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import type { HexAddress } from './adapters/chain/token-contract.ts';
import { serverPaths } from './paths.ts';
import { RUN_AT_START_KEY } from './queue/job-queue.ts';
import { campaignBody } from './test/goods-fixtures.ts';
import {
  freePort,
  getFrom,
  metricValue,
  requestSignInLink,
  startHanabi,
  startProductionStack,
  until,
} from './test/production-stack.ts';
import { randomAddress } from './test/delivery.fixture.ts';

// Slow: starts the production stack (PostgreSQL, anvil, SMTP sink), then 2 api + 2 worker processes, kills one,
// cuts the database for 30 s and waits out the rate-limit window: ~80–110 s of real processes and real outages.

/** The goods of this test, inserted directly (record ids are UUID-shaped at the contract). */
const GOODS_ID = '7e57c0de-0000-4000-8000-00000000900d';

const RECIPIENTS = 200;
const TOKEN_ID = 9n;
const STREAMER_EMAIL = 'streamer@hanabi.example';

const METRICS_TOKEN = 'metrics-token-for-the-production-test';
const RPC_PASSWORD = 'rpc-password-f00d';
const RPC_PATH_KEY = 'a1b2c3d4e5f6a7b8c9d0e1f2';
/** How long PostgreSQL is cut off: every process must live through it and recover by itself. */
const OUTAGE_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const testStartedAt = Date.now();
/** Where the long test is, with the seconds since it started (a timeout then says which step was slow). */
const step = (what: string) =>
  process.stdout.write(`production test +${((Date.now() - testStartedAt) / 1000).toFixed(0)} s: ${what}\n`);

async function scrape(origin: string): Promise<string> {
  const response = await fetch(`${origin}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

async function readyStatus(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/ready`, { signal: AbortSignal.timeout(5000) });
  return response.status;
}

async function publicCampaignIds(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/campaign?type=audience`, { signal: AbortSignal.timeout(5000) });
  if (response.status !== 200) throw new Error(`campaign list answered ${response.status}`);
  return ((await response.json()) as { list: { id: string }[] }).list.map((campaign) => campaign.id);
}

describe('production start-up with bad settings', () => {
  it('refuses to start with bad settings and lists every bad key at once', async () => {
    const server = startHanabi({
      NODE_ENV: 'production',
      PUBLIC_READ_CACHE_MS: 'forever',
      SESSION_CACHE_MS: '-1',
      WALLET_COOL_OFF_HOURS: 'a day',
      WALLET_RECENT_SIGN_IN_MINUTES: '0',
      WALLET_UNDO_TTL_HOURS: '0',
      WALLET_CHALLENGE_TTL_SECONDS: '5',
      HANABI_ROLE: 'both',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    for (const key of [
      'PUBLIC_READ_CACHE_MS',
      'SESSION_CACHE_MS',
      'WALLET_COOL_OFF_HOURS',
      'WALLET_RECENT_SIGN_IN_MINUTES',
      'WALLET_UNDO_TTL_HOURS',
      'WALLET_CHALLENGE_TTL_SECONDS',
      'HANABI_ROLE',
      'AUTH_SECRET',
      'SMTP_URL',
      'PUBLIC_ORIGIN',
      'DATABASE_URL',
      'CHAIN_RPC_URL',
      'IPFS_RPC_URL',
      'S3_BUCKET',
      'DRAND_URL',
      'CHAIN_CONTRACT_ADDRESS',
    ]) {
      expect(output).toMatch(new RegExp(`- ${key}:`));
    }
    expect(output).not.toMatch(/ready/);
  });
});

/**
 * The production path as it is deployed: NODE_ENV=production on PostgreSQL with outside services only (anvil as
 * the external chain, an SMTP sink, stand-ins for S3/Kubo/drand), two api and two worker processes started at
 * the same moment on a fresh database. Then the faults production meets: a worker killed with SIGKILL, and the
 * database cut off for a few seconds with every connection of the app terminated.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('production: api and worker processes on PostgreSQL', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(
    'starts 2 api + 2 workers at once, shares cache invalidations, and delivers exactly once through a killed worker and a database outage',
    { timeout: 600_000 }, // 78 s on a quiet 2-core machine, 311 s on one at load 25
    async () => {
      const [apiPort1, apiPort2] = [await freePort(), await freePort()];
      const api1Origin = `http://127.0.0.1:${apiPort1}`;
      const api2Origin = `http://127.0.0.1:${apiPort2}`;
      const stack = await startProductionStack('prod', api1Origin);
      cleanups.push(() => stack.close());
      const judge = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
      judge.on('error', () => undefined);
      cleanups.push(() => judge.end());
      const count = async (query: string) => Number((await judge.query(query)).rows[0].count);

      step('one-shot commands');
      // 1. The one-shot commands at the same moment on a fresh database: migrate, and deploy-token twice.
      const signerNonce = () => stack.chain.publicClient.getTransactionCount({ address: stack.chain.signer });
      const nonceBefore = await signerNonce();
      const oneShots = [
        startHanabi({ ...stack.env, HANABI_ROLE: 'migrate' }),
        startHanabi({ ...stack.env, HANABI_ROLE: 'deploy-token' }),
        startHanabi({ ...stack.env, HANABI_ROLE: 'deploy-token' }),
      ];
      expect(await Promise.all(oneShots.map((command) => command.exited))).toEqual([0, 0, 0]);
      const printed = oneShots
        .slice(1)
        .map((command) => /CHAIN_CONTRACT_ADDRESS=(0x[0-9a-fA-F]{40})/.exec(command.output())?.[1]);
      const contract = printed[0] as HexAddress;
      expect(contract).toMatch(/^0x/);
      expect(printed[1]).toBe(contract);
      // One token and one draw registry deployed, whoever came second found them.
      expect(await signerNonce()).toBe(nonceBefore + 2);

      const [worker1Probe, worker2Probe] = [await freePort(), await freePort()];
      const env = {
        ...stack.env,
        CHAIN_CONTRACT_ADDRESS: contract,
        // Cached public reads live a minute: a change seen sooner on the other api came through the cache bus.
        PUBLIC_READ_CACHE_MS: '60000',
        DELIVERY_BATCH_SIZE: '5',
        DELIVERY_CONFIRMATIONS: '1',
        METRICS_TOKEN,
        SHUTDOWN_DRAIN_MS: '1500',
      };

      step('2 api + 2 workers starting');
      // 2. Four processes started at the same moment: all come up, and none deploys anything.
      const processes = {
        api1: startHanabi({ ...env, HANABI_ROLE: 'api', PORT: String(apiPort1) }),
        api2: startHanabi({ ...env, HANABI_ROLE: 'api', PORT: String(apiPort2) }),
        worker1: startHanabi({
          ...env,
          HANABI_ROLE: 'worker',
          PGAPPNAME: 'worker1',
          WORKER_HEALTH_PORT: String(worker1Probe),
        }),
        worker2: startHanabi({
          ...env,
          HANABI_ROLE: 'worker',
          PGAPPNAME: 'worker2',
          WORKER_HEALTH_PORT: String(worker2Probe),
        }),
      };
      cleanups.push(async () => {
        for (const server of Object.values(processes)) if (server.alive()) server.child.kill('SIGKILL');
      });
      await Promise.all(Object.values(processes).map((server) => server.ready()));
      expect(await readyStatus(api1Origin)).toBe(200);
      expect(await readyStatus(api2Origin)).toBe(200);
      for (const port of [worker1Probe, worker2Probe]) {
        expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      }
      expect(await signerNonce()).toBe(nonceBefore + 2);
      const recorded = await judge.query(`select value from app_setting where key = 'chain.contractAddress'`);
      expect(recorded.rows.map((row) => row.value)).toEqual([contract]);

      step('api with the chain down');
      // An api started while the chain RPC is down serves reads; readiness names the chain as degraded.
      const apiPort3 = await freePort();
      const api3 = startHanabi({
        ...env,
        HANABI_ROLE: 'api',
        PORT: String(apiPort3),
        // A provider URL with credentials and a key in its path, as hosted RPC providers give them.
        CHAIN_RPC_URL: `http://rpc-user:${RPC_PASSWORD}@127.0.0.1:${await freePort()}/v3/${RPC_PATH_KEY}`,
        CHAIN_RPC_TIMEOUT_MS: '500',
      });
      cleanups.push(async () => void (api3.alive() && api3.child.kill('SIGKILL')));
      await api3.ready();
      const api3Origin = `http://127.0.0.1:${apiPort3}`;
      const degraded = await fetch(`${api3Origin}/api/ready`);
      expect(degraded.status).toBe(200);
      expect(await degraded.json()).toMatchObject({ status: 'ready', degraded: ['chain'] });
      expect(await publicCampaignIds(api3Origin)).toEqual([]);
      api3.child.kill('SIGTERM');
      expect(await api3.exited).toBe(0);

      // Each migration ran once; nothing embedded and no demo data in production.
      const migrationFiles = (await fs.readdir(serverPaths.migrations)).filter((file) =>
        file.endsWith('.sql'),
      );
      expect(await count('select count(*) from drizzle.__drizzle_migrations')).toBe(migrationFiles.length);
      expect(await fs.readdir(stack.dataDir)).toEqual([]);
      expect(await count(`select count(*) from auth_user where email like '%demo.hanabi.local'`)).toBe(0);
      // The catch-up run of a `runAtStart` job: one per time slot, not one per worker.
      const atStart = await judge.query<{ slot: Date }>(
        `select singleton_on as slot from pgboss.job where name = 'campaigns.advance-status' and singleton_key = $1`,
        [RUN_AT_START_KEY],
      );
      expect(atStart.rows.length).toBeGreaterThanOrEqual(1);
      expect(new Set(atStart.rows.map((row) => row.slot.getTime())).size).toBe(atStart.rows.length);

      step('sign-in by SMTP');
      // 3. A streamer signs up: the e-mail link goes out by SMTP from one api and opens on the other.
      const { link, cookie } = await requestSignInLink(
        stack,
        api1Origin,
        STREAMER_EMAIL,
        '/signup/streamer/finishSignUp',
      );
      expect(link.startsWith(api1Origin)).toBe(true);
      const opened = await fetch(link.replace(api1Origin, api2Origin), {
        redirect: 'manual',
        headers: { cookie },
      });
      expect(opened.status).toBe(302);
      expect(opened.headers.get('location')).toContain('/signup/streamer/finishSignUp');
      expect(opened.headers.get('location')).not.toContain('error=');
      const bearer = { authorization: `Bearer ${opened.headers.get('set-auth-token')}` };
      const call = (origin: string, method: string, url: string, body: object) =>
        fetch(`${origin}${url}`, {
          method,
          headers: { ...bearer, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const signedUp = await call(api1Origin, 'POST', '/api/signup', { userType: 'streamer' });
      expect(signedUp.status).toBe(201);
      const streamerId = ((await signedUp.json()) as { id: string }).id;
      // Published goods with a token id (publishing itself needs IPFS, which only a stand-in answers here).
      await judge.query(
        `insert into digital_goods (id, streamer_id, name, supply, status, token_id) values ($1, $2, $3, 1000, 'published', $4)`,
        [GOODS_ID, streamerId, 'Production badge', String(TOKEN_ID)],
      );

      // 4. A campaign created through one api shows on the other at once (cache bus over LISTEN/NOTIFY).
      expect(await publicCampaignIds(api1Origin)).toEqual([]); // cached for a minute from here
      expect(await publicCampaignIds(api2Origin)).toEqual([]);
      const createCampaign = async () => {
        const response = await call(api1Origin, 'POST', '/api/campaign', campaignBody(GOODS_ID));
        expect(response.status).toBe(201);
        return ((await response.json()) as { id: string }).id;
      };
      const first = await createCampaign();
      await until(
        'the campaign on api2',
        async () => (await publicCampaignIds(api2Origin)).includes(first),
        10_000, // far below the caches' minute
      );
      expect(await publicCampaignIds(api1Origin)).toContain(first);
      // Invalidations sent while an api's listener is cut off are lost: it forgets its caches on reconnecting.
      await stack.admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'listen hanabi_cache'`,
        [stack.databaseName],
      );
      const second = await createCampaign();
      await until(
        'the campaign on api2',
        async () => (await publicCampaignIds(api2Origin)).includes(second),
        15_000,
      );

      step('distribution of 200');
      // 5. A distribution delivered by the workers through a database outage and the SIGKILL of the signing one.
      const addresses = Array.from({ length: RECIPIENTS }, () => randomAddress());
      const distributed = await call(api2Origin, 'POST', '/api/manual-distribution', {
        digitalGoodsId: GOODS_ID,
        distributionList: addresses.map((recipient) => ({ recipient, amount: 1 })),
      });
      expect(distributed.status).toBe(201);
      const confirmed = () => count(`select count(*) from delivery where status = 'confirmed'`);
      // The backlog as an operator's Prometheus sees it: deliveries by state add up to the distribution.
      const deliveryStates = async (origin: string) => {
        const body = await scrape(origin);
        const value = (state: string) => metricValue(body, `hanabi_deliveries{state="${state}"}`) ?? 0;
        return { queued: value('queued'), submitted: value('submitted'), confirmed: value('confirmed') };
      };
      const backlog = await deliveryStates(api1Origin);
      expect(backlog.queued + backlog.submitted + backlog.confirmed).toBe(RECIPIENTS);
      expect(backlog.queued).toBeGreaterThan(RECIPIENTS / 2);
      // The worker holding the signer lock right now (its connections carry its name, PGAPPNAME).
      const signerHolder = async (): Promise<'worker1' | 'worker2'> => {
        let holder: string | undefined;
        await until(
          'a worker holding the signer lock',
          async () => {
            const { rows } = await judge.query<{ name: string }>(
              `select a.application_name as name from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where l.locktype = 'advisory' and l.granted and a.datname = $1 and a.application_name like 'worker%'`,
              [stack.databaseName],
            );
            holder = rows[0]?.name;
            return holder !== undefined;
          },
          60_000,
          10,
        );
        return holder as 'worker1' | 'worker2';
      };
      await until('the first batch confirmed', async () => (await confirmed()) >= 5, 60_000);

      step('database outage');
      // The database is cut off while a worker signs: no new connections, every open one terminated.
      await signerHolder();
      await stack.admin.query(`alter database ${stack.databaseName} allow_connections false`);
      await stack.admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
        stack.databaseName,
      ]);
      const cutAt = Date.now();
      const workerReady = (port: number) =>
        fetch(`http://127.0.0.1:${port}/ready`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status);
      await until('api1 not ready', async () => (await readyStatus(api1Origin)) === 503, 10_000);
      await until('api2 not ready', async () => (await readyStatus(api2Origin)) === 503, 10_000);
      await until('worker1 not ready', async () => (await workerReady(worker1Probe)) === 503, 10_000);
      await sleep(Math.max(0, OUTAGE_MS - (Date.now() - cutAt)));
      expect(Object.values(processes).every((server) => server.alive())).toBe(true);
      await stack.admin.query(`alter database ${stack.databaseName} allow_connections true`);
      let atRestore = 0;
      await until('the judge reconnected', async () => ((atRestore = await confirmed()), true), 10_000);
      await until('api1 ready again', async () => (await readyStatus(api1Origin)) === 200, 30_000);
      await until('api2 ready again', async () => (await readyStatus(api2Origin)) === 200, 30_000);
      await until('worker1 ready again', async () => (await workerReady(worker1Probe)) === 200, 30_000);
      await until('worker2 ready again', async () => (await workerReady(worker2Probe)) === 200, 30_000);
      expect(await publicCampaignIds(api2Origin)).toContain(second);
      expect(processes.worker1.alive() && processes.worker2.alive()).toBe(true);
      // Deliveries go on by themselves after the outage.
      await until('deliveries after the outage', async () => (await confirmed()) > atRestore, 90_000);

      step('SIGKILL of the signing worker');
      // The worker signing right now is killed; the other one takes its work over.
      const victim = await signerHolder();
      const survivor = victim === 'worker1' ? processes.worker2 : processes.worker1;
      const signedAtKill = await count('select count(*) from chain_tx');
      processes[victim].child.kill('SIGKILL');
      await processes[victim].exited;
      expect(await confirmed()).toBeLessThan(RECIPIENTS);
      // Its lock died with its connections; the survivor signs the next transaction within the watchdog's
      // 10 s slot plus a poll, not at the next cron minute.
      const takeoverMs = await until(
        'the survivor signing',
        async () => (await count('select count(*) from chain_tx')) > signedAtKill,
        30_000,
        100,
      );
      await until('every delivery confirmed', async () => (await confirmed()) === RECIPIENTS, 150_000);
      expect(processes.api1.alive() && processes.api2.alive() && survivor.alive()).toBe(true);
      const balances = await stack.chain.publicClient.readContract({
        address: contract,
        abi: hanabiTokenAbi,
        functionName: 'balanceOfBatch',
        args: [addresses as HexAddress[], addresses.map(() => TOKEN_ID)],
      });
      expect([...balances]).toEqual(addresses.map(() => 1n));
      // The backlog drained, as /metrics shows it (the worker's probe port answers the same figures).
      expect(await deliveryStates(api2Origin)).toEqual({ queued: 0, submitted: 0, confirmed: RECIPIENTS });
      const survivorProbe = victim === 'worker1' ? worker2Probe : worker1Probe;
      const workerMetrics = await (
        await fetch(`http://127.0.0.1:${survivorProbe}/metrics`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        })
      ).text();
      expect(metricValue(workerMetrics, 'hanabi_signer_nonce')).toBe(await signerNonce());
      expect(metricValue(workerMetrics, 'hanabi_deliveries{state="confirmed"}')).toBe(RECIPIENTS);
      expect(
        await count(
          `select coalesce(sum(recipient_count), 0) as count from chain_tx where status = 'confirmed'`,
        ),
      ).toBe(RECIPIENTS);

      step('spoofed X-Forwarded-For');
      // A client spoofing X-Forwarded-For (from its own loopback address) is limited like anyone, and the
      // limit is one budget across both apis (600 a minute by default), not one per process.
      let firstLimited = 0;
      for (let sent = 1; sent <= 700 && firstLimited === 0; sent += 1) {
        const origin = sent % 2 === 0 ? api1Origin : api2Origin;
        const answer = await getFrom('127.0.0.2', `${origin}/api/config`, {
          'x-forwarded-for': `203.0.113.${sent % 250}`,
        });
        if (answer.status === 429) firstLimited = sent;
      }
      expect(firstLimited).toBe(601);
      for (const origin of [api1Origin, api2Origin]) {
        expect((await getFrom('127.0.0.2', `${origin}/api/config`)).status).toBe(429);
      }

      step('SIGTERM');
      // SIGTERM: an api answers not-ready first (the load balancer drains it), then stops; every survivor
      // stops cleanly.
      processes.api1.child.kill('SIGTERM');
      let drainingBody: unknown;
      await until(
        'api1 draining (503 while it still answers)',
        async () => {
          const response = await fetch(`${api1Origin}/api/ready`);
          drainingBody = await response.json();
          return response.status === 503;
        },
        1400, // SHUTDOWN_DRAIN_MS is 1500: it answers, not ready, before it stops listening
        50,
      );
      expect(drainingBody).toMatchObject({ status: 'not-ready', draining: true });
      const survivors = [processes.api1, processes.api2, survivor];
      for (const server of survivors.slice(1)) server.child.kill('SIGTERM');
      // What the database sees of every session still open 20 s into the stop: with the processes' own report of
      // the connections they still lend out (backend pid, driver state), the two sides of a stop that hangs.
      let sessionsAtSlowStop = '';
      const slowStop = setTimeout(() => {
        void stack.admin
          .query(
            `select pid, application_name, state, wait_event_type, wait_event,
                    round(extract(epoch from now() - xact_start)) as xact_seconds, left(query, 200) as query
               from pg_stat_activity where datname = $1`,
            [stack.databaseName],
          )
          .then(({ rows }) => (sessionsAtSlowStop = JSON.stringify(rows)))
          .catch((error: unknown) => (sessionsAtSlowStop = String(error)));
      }, 20_000);
      cleanups.push(async () => clearTimeout(slowStop));
      for (const server of survivors) {
        // Its own last lines if it did not stop cleanly: the reason is in them, not in the exit code.
        expect(
          await server.exited,
          `${server.output().slice(-4000)}\nsessions 20 s into the stop: ${sessionsAtSlowStop}`,
        ).toBe(0);
        expect(server.output()).toMatch(/stopped cleanly/);
        expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaughtException|handed back/);
      }
      step('no secret in any log line');
      // Every line every process printed (signing in, an RPC failing with credentials in its URL, a database
      // outage, a kill): none holds a secret the processes were given or handed out.
      const logs = [...oneShots, ...Object.values(processes), api3]
        .map((server) => server.output())
        .join('\n');
      expect(logs).toMatch(/"level":/); // the logs were captured
      expect(logs).toMatch(/redacted/); // and something in them was cut out (the RPC URL's credentials)
      const signInToken = new URL(link).searchParams.get('token');
      const secrets = {
        AUTH_SECRET: stack.env.AUTH_SECRET!,
        'signer key': stack.env.CHAIN_SIGNER_KEY!.replace(/^0x/, ''),
        S3_SECRET_ACCESS_KEY: stack.env.S3_SECRET_ACCESS_KEY!,
        METRICS_TOKEN,
        'RPC password': RPC_PASSWORD,
        'RPC path key': RPC_PATH_KEY,
        'sign-in link token': signInToken!,
        'session token': bearer.authorization.replace('Bearer ', ''),
      };
      expect(signInToken).toBeTruthy();
      for (const [name, secret] of Object.entries(secrets)) {
        expect(logs.includes(secret), `${name} in the logs`).toBe(false);
      }

      process.stdout.write(
        `production test: outage ${OUTAGE_MS / 1000} s survived; SIGKILLed worker taken over in ${(takeoverMs / 1000).toFixed(1)} s\n`,
      );
    },
  );
});

import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import type { HexAddress } from './adapters/chain/token-contract.ts';
import { serverPaths } from './paths.ts';
import { RUN_AT_START_KEY } from './queue/job-queue.ts';
import { campaignBody } from './test/goods-fixtures.ts';
import { freePort, startHanabi, startProductionStack } from './test/production-stack.ts';
import { randomAddress } from './modules/delivery/delivery.fixture.ts';

/** The goods of this test, inserted directly (record ids are UUID-shaped at the contract). */
const GOODS_ID = '7e57c0de-0000-4000-8000-00000000900d';

const RECIPIENTS = 200;
const TOKEN_ID = 9n;
const STREAMER_EMAIL = 'streamer@hanabi.example';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true (errors count as false, e.g. while the database is away). */
async function until(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<number> {
  const startedAt = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - startedAt;
    if (Date.now() - startedAt > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(everyMs);
  }
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
    { timeout: 300_000 },
    async () => {
      const [apiPort1, apiPort2] = [await freePort(), await freePort()];
      const api1Origin = `http://127.0.0.1:${apiPort1}`;
      const api2Origin = `http://127.0.0.1:${apiPort2}`;
      const stack = await startProductionStack('prod', api1Origin);
      cleanups.push(() => stack.close());
      const env = {
        ...stack.env,
        // Cached public reads live a minute: a change seen sooner on the other api came through the cache bus.
        PUBLIC_READ_CACHE_MS: '60000',
        DELIVERY_BATCH_SIZE: '5',
        DELIVERY_CONFIRMATIONS: '1',
      };

      // 1. Four processes started at the same moment on a fresh database: all come up.
      const processes = {
        api1: startHanabi({ ...env, HANABI_ROLE: 'api', PORT: String(apiPort1) }),
        api2: startHanabi({ ...env, HANABI_ROLE: 'api', PORT: String(apiPort2) }),
        worker1: startHanabi({ ...env, HANABI_ROLE: 'worker', PGAPPNAME: 'worker1' }),
        worker2: startHanabi({ ...env, HANABI_ROLE: 'worker', PGAPPNAME: 'worker2' }),
      };
      cleanups.push(async () => {
        for (const server of Object.values(processes)) if (server.alive()) server.child.kill('SIGKILL');
      });
      await Promise.all(Object.values(processes).map((server) => server.ready()));
      expect(await readyStatus(api1Origin)).toBe(200);
      expect(await readyStatus(api2Origin)).toBe(200);

      const judge = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
      judge.on('error', () => undefined);
      cleanups.push(() => judge.end());
      const count = async (query: string) => Number((await judge.query(query)).rows[0].count);

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

      // 2. A streamer signs up: the e-mail link goes out by SMTP from one api and opens on the other.
      const requested = await fetch(`${api1Origin}/api/auth/sign-in/magic-link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: api1Origin },
        body: JSON.stringify({ email: STREAMER_EMAIL, callbackURL: '/signup/streamer/finishSignUp' }),
      });
      expect(requested.status).toBe(200);
      const cookie = requested.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      await until(
        'the sign-in mail',
        async () => stack.mails.some((m) => m.to.includes(STREAMER_EMAIL)),
        15_000,
      );
      const mail = stack.mails.find((candidate) => candidate.to.includes(STREAMER_EMAIL))!;
      const link = /https?:\/\/[^\s"<>]+\/api\/auth\/magic-link\/verify\?[^\s"<>]+/
        .exec(mail.body)![0]
        .replace(/&amp;/g, '&');
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

      // 3. A campaign created through one api shows on the other at once (cache bus over LISTEN/NOTIFY).
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

      // 4. A distribution delivered by the workers through a database outage and the SIGKILL of the signing one.
      const addresses = Array.from({ length: RECIPIENTS }, () => randomAddress());
      const distributed = await call(api2Origin, 'POST', '/api/manual-distribution', {
        digitalGoodsId: GOODS_ID,
        distributionList: addresses.map((recipient) => ({ recipient, amount: 1 })),
      });
      expect(distributed.status).toBe(201);
      const confirmed = () => count(`select count(*) from delivery where status = 'confirmed'`);
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

      // The database is cut off while a worker signs: no new connections, every open one terminated.
      await signerHolder();
      await stack.admin.query(`alter database ${stack.databaseName} allow_connections false`);
      await stack.admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [
        stack.databaseName,
      ]);
      await until('api1 not ready', async () => (await readyStatus(api1Origin)) === 503, 10_000);
      await until('api2 not ready', async () => (await readyStatus(api2Origin)) === 503, 10_000);
      await sleep(3000);
      await stack.admin.query(`alter database ${stack.databaseName} allow_connections true`);
      let atRestore = 0;
      await until('the judge reconnected', async () => ((atRestore = await confirmed()), true), 10_000);
      await until('api1 ready again', async () => (await readyStatus(api1Origin)) === 200, 30_000);
      await until('api2 ready again', async () => (await readyStatus(api2Origin)) === 200, 30_000);
      expect(await publicCampaignIds(api2Origin)).toContain(second);
      expect(processes.worker1.alive() && processes.worker2.alive()).toBe(true);
      // Deliveries go on by themselves after the outage.
      await until('deliveries after the outage', async () => (await confirmed()) > atRestore, 90_000);

      // The worker signing right now is killed; the other one takes its work over.
      const victim = await signerHolder();
      const survivor = victim === 'worker1' ? processes.worker2 : processes.worker1;
      processes[victim].child.kill('SIGKILL');
      await processes[victim].exited;
      expect(await confirmed()).toBeLessThan(RECIPIENTS);
      await until('every delivery confirmed', async () => (await confirmed()) === RECIPIENTS, 150_000);
      expect(processes.api1.alive() && processes.api2.alive() && survivor.alive()).toBe(true);
      const balances = await stack.chain.publicClient.readContract({
        address: stack.contract,
        abi: hanabiTokenAbi,
        functionName: 'balanceOfBatch',
        args: [addresses as HexAddress[], addresses.map(() => TOKEN_ID)],
      });
      expect([...balances]).toEqual(addresses.map(() => 1n));
      expect(
        await count(
          `select coalesce(sum(recipient_count), 0) as count from chain_tx where status = 'confirmed'`,
        ),
      ).toBe(RECIPIENTS);

      // Every survivor stops cleanly on SIGTERM.
      const survivors = [processes.api1, processes.api2, survivor];
      for (const server of survivors) server.child.kill('SIGTERM');
      for (const server of survivors) {
        expect(await server.exited).toBe(0);
        expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaughtException/);
      }
    },
  );
});

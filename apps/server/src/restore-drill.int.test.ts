import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hanabiTokenAbi } from '@hanabi/token';
import type { HexAddress } from './adapters/chain/token-contract.ts';
import { randomAddress } from './test/delivery.fixture.ts';
import {
  freePort,
  requestSignInLink,
  startHanabi,
  startProductionStack,
  until,
} from './test/production-stack.ts';

// The restore drill of docs/operations.md, performed: a production Hanabi on PostgreSQL delivers prizes on chain,
// `pg_dump` backs its database up while it runs, the dump is restored into a new database, and the app started on
// that one (same AUTH_SECRET, signer and contract — what the guide says to keep) has every delivery intact, keeps
// the users' sessions, and sends nothing twice.

const RECIPIENTS = 12;
const TOKEN_ID = 11n;
const STREAMER_EMAIL = 'restore-streamer@hanabi.example';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a PostgreSQL client tool and fails the test with its stderr when it fails. */
function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  const result = spawnSync(tool, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${tool} failed (${result.status}): ${result.stderr}`);
}

const hasPgTools = ['pg_dump', 'pg_restore'].every(
  (tool) => spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0,
);

describe.runIf(process.env.TEST_DATABASE_URL && hasPgTools)('restore drill (docs/operations.md)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it(
    'pg_dump of a running production database → restore into a new database → the app starts on it with every delivery intact',
    { timeout: 300_000 },
    async () => {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const stack = await startProductionStack('drill', origin, { deployToken: true });
      cleanups.push(() => stack.close());
      const env = { ...stack.env, DELIVERY_BATCH_SIZE: '5', DELIVERY_CONFIRMATIONS: '1', PORT: String(port) };

      // 1. The original: one production process (api + worker) delivers a distribution on chain.
      const original = startHanabi({ ...env, HANABI_ROLE: 'all' });
      cleanups.push(async () => original.alive() && original.child.kill('SIGKILL'));
      await original.ready();
      const judge = new pg.Client({ connectionString: stack.databaseUrl });
      await judge.connect();
      cleanups.push(() => judge.end());

      const { link, cookie } = await requestSignInLink(
        stack,
        origin,
        STREAMER_EMAIL,
        '/signup/streamer/finishSignUp',
      );
      const opened = await fetch(link, { redirect: 'manual', headers: { cookie } });
      expect(opened.status).toBe(302);
      const bearer = { authorization: `Bearer ${opened.headers.get('set-auth-token')}` };
      const call = (method: string, url: string, body?: object) =>
        fetch(`${origin}${url}`, {
          method,
          headers: { ...bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
      const signedUp = await call('POST', '/api/signup', { userType: 'streamer' });
      expect(signedUp.status).toBe(201);
      const streamerId = ((await signedUp.json()) as { id: string }).id;
      const goodsId = crypto.randomUUID();
      await judge.query(
        `insert into digital_goods (id, streamer_id, name, supply, status, token_id) values ($1, $2, $3, 1000, 'published', $4)`,
        [goodsId, streamerId, 'Drill badge', String(TOKEN_ID)],
      );
      const addresses = Array.from({ length: RECIPIENTS }, () => randomAddress());
      const created = await call('POST', '/api/manual-distribution', {
        digitalGoodsId: goodsId,
        distributionList: addresses.map((recipient) => ({ recipient, amount: 1 })),
      });
      expect(created.status).toBe(201);
      const distributionId = ((await created.json()) as { distribution: { id: string } }).distribution.id;
      const confirmedIn = async (client: pg.Client) =>
        Number(
          (await client.query(`select count(*) from delivery where status = 'confirmed'`)).rows[0].count,
        );
      await until('every delivery confirmed', async () => (await confirmedIn(judge)) === RECIPIENTS, 120_000);

      // 2. The backup, taken while the app runs (what a nightly job does): a consistent snapshot in custom format.
      const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-backup-'));
      cleanups.push(async () => fs.rmSync(backupDir, { recursive: true, force: true }));
      const dumpFile = path.join(backupDir, 'hanabi.dump');
      pgTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${dumpFile}`,
        `--dbname=${stack.databaseUrl}`,
      ]);
      const snapshot = async (client: pg.Client) => ({
        deliveries: (
          await client.query(
            `select id, status, recipient_address, token_id::text, amount::text, tx_hash, block_number::text, chain_tx_id
             from delivery order by id`,
          )
        ).rows,
        transactions: (
          await client.query(
            `select id, nonce, status, tx_hashes, recipient_count from chain_tx order by nonce`,
          )
        ).rows,
        users: (await client.query(`select id, email from auth_user order by id`)).rows,
      });
      const before = await snapshot(judge);
      expect(before.deliveries).toHaveLength(RECIPIENTS);
      expect(before.transactions.length).toBeGreaterThanOrEqual(RECIPIENTS / 5);

      // The original is gone (its host burned down): stopped for good before the restore.
      original.child.kill('SIGTERM');
      expect(await original.exited).toBe(0);
      const nonceBefore = await stack.chain.publicClient.getTransactionCount({ address: stack.chain.signer });

      // 3. Restore into a new, empty database.
      const restoredName = `hanabi_restored_${crypto.randomBytes(4).toString('hex')}`;
      await stack.admin.query(`create database ${restoredName}`);
      cleanups.push(() => stack.admin.query(`drop database if exists ${restoredName} with (force)`));
      const restoredUrl = new URL(stack.databaseUrl);
      restoredUrl.pathname = `/${restoredName}`;
      pgTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, dumpFile]);

      // 4. The app on the restored database: same secrets, signer and contract as the guide keeps them.
      const restored = startHanabi({ ...env, HANABI_ROLE: 'all', DATABASE_URL: restoredUrl.toString() });
      cleanups.push(async () => restored.alive() && restored.child.kill('SIGKILL'));
      await restored.ready();
      expect((await fetch(`${origin}/api/ready`)).status).toBe(200);

      const restoredJudge = new pg.Client({ connectionString: restoredUrl.toString() });
      await restoredJudge.connect();
      cleanups.push(() => restoredJudge.end());
      // Every delivery intact, and it stays so: the reconciler at start finds nothing to send again.
      expect(await snapshot(restoredJudge)).toEqual(before);
      await sleep(5000);
      expect(await snapshot(restoredJudge)).toEqual(before);
      expect(await stack.chain.publicClient.getTransactionCount({ address: stack.chain.signer })).toBe(
        nonceBefore,
      );
      const balances = await stack.chain.publicClient.readContract({
        address: stack.contract!,
        abi: hanabiTokenAbi,
        functionName: 'balanceOfBatch',
        args: [addresses as HexAddress[], addresses.map(() => TOKEN_ID)],
      });
      expect([...balances]).toEqual(addresses.map(() => 1n));

      // The streamer's session survived (sessions are rows, AUTH_SECRET signs them) and the API shows the result.
      const detail = await call('GET', `/api/manual-distribution/${distributionId}`);
      expect(detail.status).toBe(200);
      const body = (await detail.json()) as {
        distribution: { status: string };
        rows: Array<{ status: string }>;
      };
      expect(body.distribution.status).toBe('completed');
      expect(body.rows.map((row) => row.status)).toEqual(addresses.map(() => 'confirmed'));

      restored.child.kill('SIGTERM');
      expect(await restored.exited).toBe(0);
    },
  );
});

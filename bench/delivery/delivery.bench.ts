/**
 * Delivery engine benchmark: `npm run bench:delivery`.
 *
 * Runs the real engine on the embedded stack (PGlite + anvil, what `npm start` uses) — or on PostgreSQL when
 * BENCH_DATABASE_URL is set — and delivers BENCH_RECIPIENTS (default 5,000) fresh addresses recorded as manual
 * distributions. Prints deliveries confirmed per minute, transactions, and gas per recipient (from receipts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createContainer } from '../../apps/server/src/container.ts';
import { appUser, authUser, chainTx, delivery, digitalGoods } from '../../apps/server/src/db/schema.ts';
import type { SessionUser } from '../../apps/server/src/http/session.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { parseWalletAddress } from '../../apps/server/src/adapters/chain/index.ts';
import { MANUAL_DISTRIBUTION_LIMITS } from '../../packages/api/src/index.ts';

const recipients = Number(process.env.BENCH_RECIPIENTS ?? '5000');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-bench-delivery-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  HANABI_DATA_DIR: dataDir,
  HANABI_DEMO: '0',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...(process.env.DELIVERY_BATCH_SIZE ? { DELIVERY_BATCH_SIZE: process.env.DELIVERY_BATCH_SIZE } : {}),
});
const container = await createContainer(config, createLogger(config));
try {
  const { db } = container.database;
  const streamerId = crypto.randomUUID();
  const goodsId = crypto.randomUUID();
  await container.services.chain.ensureToken();
  await db.insert(authUser).values({ id: streamerId, name: 'Bench', email: `${streamerId}@bench.example` });
  await db
    .insert(appUser)
    .values({ id: streamerId, authUserId: streamerId, type: 'streamer', name: 'Bench' });
  await db.insert(digitalGoods).values({
    id: goodsId,
    streamerId,
    name: 'Bench badge',
    supply: recipients,
    status: 'published',
    tokenId: String(Date.now()),
  });
  const session: SessionUser = {
    userId: streamerId,
    authUserId: streamerId,
    email: null,
    type: 'streamer',
    role: 'user',
    viaCookie: false,
  };
  for (let start = 0; start < recipients; start += MANUAL_DISTRIBUTION_LIMITS.maxRows) {
    const size = Math.min(MANUAL_DISTRIBUTION_LIMITS.maxRows, recipients - start);
    const list = Array.from({ length: size }, () => {
      const parsed = parseWalletAddress(`0x${crypto.randomBytes(20).toString('hex')}`);
      if (!parsed.ok) throw new Error(parsed.reason);
      return { recipient: parsed.address, amount: 1 };
    });
    await container.services.manualDistribution.create(
      session,
      { digitalGoodsId: goodsId, distributionList: list },
      undefined,
    );
  }

  const engine = await container.deliveryEngine();
  const startedAt = performance.now();
  let state = await engine.runUntilIdle(600_000);
  while (state.inFlight > 0 || state.queuedDue) state = await engine.runUntilIdle(600_000);
  const seconds = (performance.now() - startedAt) / 1000;

  const [done] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(delivery)
    .where(sql`${delivery.status} = 'confirmed'`);
  const [gas] = await db
    .select({
      txs: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${chainTx.gasUsed}), 0)::text`,
      recipients: sql<number>`coalesce(sum(${chainTx.recipientCount}), 0)::int`,
    })
    .from(chainTx)
    .where(sql`${chainTx.status} = 'confirmed'`);
  const confirmed = Number(done?.count ?? 0);
  const perRecipient = gas && gas.recipients > 0 ? Number(BigInt(gas.total) / BigInt(gas.recipients)) : 0;
  const rows = [
    ['database', container.database.kind],
    ['batch size', String(config.delivery.batchSize)],
    ['recipients confirmed', `${confirmed} of ${recipients}`],
    ['airdrop transactions', String(gas?.txs ?? 0)],
    ['wall time', `${seconds.toFixed(1)} s`],
    ['deliveries confirmed per minute', Math.round((confirmed / seconds) * 60).toLocaleString('en-US')],
    ['gas per recipient (receipts)', perRecipient.toLocaleString('en-US')],
  ];
  process.stdout.write('\nHanabi delivery benchmark (embedded anvil)\n');
  for (const [name, value] of rows) process.stdout.write(`  ${name!.padEnd(34)} ${value}\n`);
  if (confirmed !== recipients) process.exitCode = 1;
} finally {
  await container.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

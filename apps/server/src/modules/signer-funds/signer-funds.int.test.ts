import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignerFunds } from '@hanabi/api';
import { signerBalanceSample } from '../../db/schema.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testBackends({ embedded: true }))('signer funds (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn;
  let streamer: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const funds = async () => {
    const res = await callAs(ctx.app, boss, 'GET', '/api/admin/signer/funds');
    expect(res.statusCode, res.body).toBe(200);
    return SignerFunds.parse(res.json());
  };

  it('is for operators only', async () => {
    expect((await callAs(ctx.app, null, 'GET', '/api/admin/signer/funds')).statusCode).toBe(401);
    expect((await callAs(ctx.app, streamer, 'GET', '/api/admin/signer/funds')).statusCode).toBe(403);
  });

  it("reads the embedded signer's balance now; the worker's job stores a sample of it", async () => {
    const chain = await ctx.container.adapters.chain.get();
    const before = await funds();
    expect(before.signer).toBe(chain.signer);
    expect(before.chainId).toBe(chain.chainId);
    const balance = await chain.publicClient.getBalance({ address: chain.signer });
    expect(BigInt(before.current!.balanceWei)).toBe(balance);
    expect(before.current!.covers!.deliveries).toBeGreaterThan(1_000);
    expect(before.warning).toBe('none');
    // No sample stored yet: the trend is the reading of now alone, too short for a pace.
    expect(before.samples).toHaveLength(1);
    expect(before.spendPerDayWei).toBeNull();

    const job = ctx.container.jobs.find((definition) => definition.name === 'signer.sample')!;
    expect(job.schedule?.cron).toBe('*/15 * * * *');
    await job.handler({}, { jobId: 'test', log: ctx.container.log });
    const rows = await ctx.container.database.db.select().from(signerBalanceSample);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      chainId: chain.chainId,
      signer: chain.signer,
      balanceWei: balance.toString(),
    });
  });

  it('draws the trend hourly and warns when the recent pace empties the signer within a week', async () => {
    const chain = await ctx.container.adapters.chain.get();
    const balance = await chain.publicClient.getBalance({ address: chain.signer });
    const db = ctx.container.database.db;
    await db.delete(signerBalanceSample);
    // Three days ago the signer held 2.5× today's balance; it fell evenly to today's (half of today's per day),
    // with a top-up in between that must not hide the pace. Two samples in each clock hour (at :10 and :40, so the
    // count holds whatever the minute now is): the trend keeps one per hour.
    const now = Date.now();
    const thisHour = Math.floor(now / HOUR) * HOUR;
    const rows = [];
    for (let hour = 72; hour >= 1; hour -= 1) {
      const fallen = (balance * BigInt(72 - hour)) / 48n; // spent so far: half a balance per 24 hours
      const toppedUp = hour <= 24 ? balance / 10n : 0n;
      for (const minute of [10, 40]) {
        rows.push({
          chainId: chain.chainId,
          signer: chain.signer,
          sampledAt: new Date(thisHour - hour * HOUR + minute * 60_000),
          balanceWei: ((balance * 5n) / 2n - fallen + toppedUp).toString(),
          gasPriceWei: '1000000000',
        });
      }
    }
    // Another signer's samples are another trend.
    rows.push({ ...rows[0]!, signer: '0x000000000000000000000000000000000000dEaD' });
    await db.insert(signerBalanceSample).values(rows);

    const report = await funds();
    expect(report.samples.length).toBe(72 + 1);
    expect(report.samples.map((sample) => sample.at)).toEqual(
      [...report.samples.map((sample) => sample.at)].sort(),
    );
    const perDay = Number(BigInt(report.spendPerDayWei!)) / Number(balance);
    expect(perDay).toBeGreaterThan(0.5);
    expect(perDay).toBeLessThan(0.75);
    const daysLeft = (Date.parse(report.runsOutAt!) - now) / DAY;
    expect(daysLeft).toBeGreaterThan(1);
    expect(daysLeft).toBeLessThan(2.1);
    expect(report.warning).toBe('soon');
  });

  it('prunes samples past a month when it samples', async () => {
    const chain = await ctx.container.adapters.chain.get();
    const db = ctx.container.database.db;
    await db.delete(signerBalanceSample);
    await db.insert(signerBalanceSample).values({
      chainId: chain.chainId,
      signer: chain.signer,
      sampledAt: new Date(Date.now() - 31 * DAY),
      balanceWei: '1',
      gasPriceWei: '1',
    });
    const result = await ctx.container.services.signerFunds.sample();
    expect(result.pruned).toBe(1);
    expect(await db.select().from(signerBalanceSample)).toHaveLength(1);
  });
});

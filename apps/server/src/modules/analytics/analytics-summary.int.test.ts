import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { insertComment, insertDraw } from '../../test/analytics-live.fixture.ts';
import { seedDashboardDataset } from '../../test/analytics-dataset.fixture.ts';
import type { AnalyticsRange } from './analytics-sql.ts';

const DAY = 86_400_000;
const range = (from: string, to: string, interval: AnalyticsRange['interval'], timeZone = 'UTC') => ({
  from: new Date(from),
  to: new Date(to),
  interval,
  timeZone,
});

/** Ranges whose bucket edges fall on quarter hours (the summary path), in zones 0, +9, +5:30 and +5:45. */
const ALIGNED = [
  range('2025-01-01T00:00:00Z', '2025-01-04T00:00:00Z', 'day'),
  range('2024-12-31T15:00:00Z', '2025-01-03T15:00:00Z', 'day', 'Asia/Tokyo'),
  range('2024-12-31T18:30:00Z', '2025-01-03T18:30:00Z', 'day', 'Asia/Kolkata'),
  range('2024-12-31T18:15:00Z', '2025-01-03T18:15:00Z', 'day', 'Asia/Kathmandu'),
  range('2024-12-01T00:00:00Z', '2025-02-01T00:00:00Z', 'month'),
  range('2024-12-30T00:00:00Z', '2025-01-13T00:00:00Z', 'week'),
];

/**
 * The summary against the base tables: after a job run, a dashboard read (summary for untouched campaigns, base
 * tables for touched ones) answers exactly what computing from the base tables answers, and data changed after
 * a run is seen at once and kept by the next run. "An hour later" is simulated by moving the stream's
 * `updated_at` back (what the poller writes on each poll), never by changing the figures' own data.
 */
describe.each(testBackends())('analytics live summary (%s)', (backend) => {
  let ctx: TestContext;
  let campaignId: string;
  let streamId: string;

  beforeAll(async () => {
    ctx = await createTestContext(backend);
    ({ liveCampaign: campaignId, liveStream: streamId } = await seedDashboardDataset(
      ctx.container.database.db,
    ));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.container.database.db;
  const live = () => ctx.container.repositories.analytics.live;
  const runJob = async () => {
    const job = ctx.container.jobs.find((item) => item.name === 'analytics.refresh-summary')!;
    return (await job.handler({}, { jobId: 'test', log: ctx.container.log })) as { campaigns: number };
  };
  /** The poller bumps the stream's updated_at with every write; `ago` moves it back as if time had passed. */
  const streamsUpdated = (ago: 'now' | 'an hour ago') =>
    db().execute(
      ago === 'now'
        ? sql`update live_stream set updated_at = now()`
        : sql`update live_stream set updated_at = now() - interval '1 hour'`,
    );
  const expectSummaryEqualsBase = async (ranges: AnalyticsRange[]) => {
    for (const item of ranges) {
      expect(await live().series(item), `${item.timeZone} ${item.interval}`).toEqual(
        await live().series(item, 'base'),
      );
    }
  };
  const youtubeDay = async (day: number) => {
    const { series } = await live().series(ALIGNED[0]!);
    return series.filter((row) => row.platform === 'youtube')[day]!;
  };

  it('a run then a read equals computing from the base tables, and the read uses the summary', async () => {
    expect(await runJob()).toMatchObject({ campaigns: 1 });
    await streamsUpdated('an hour ago');
    await expectSummaryEqualsBase(ALIGNED);
    expect(await youtubeDay(1)).toMatchObject({ comments: 2, entrants: 1, eligible: 1 });

    // Proof that the untouched campaign is read from the summary: a changed summary row shows.
    const tamper = (n: number) =>
      db().execute(sql`
        update analytics_live_quarter set comments = comments + ${n}
        where campaign_id = ${campaignId} and platform = 'youtube' and quarter = '2025-01-02T10:00:00Z'`);
    await tamper(100);
    expect((await youtubeDay(1)).comments).toBe(102);
    await tamper(-100);
  });

  it('sees changes at once (touched campaigns from the base tables) and keeps them after the next run', async () => {
    // A poll: gina comments on day 2, carol's only comment is moderated away.
    await insertComment(db(), { streamId, author: 'gina', createdAt: new Date('2025-01-02T15:00:00Z') });
    await db().execute(sql`update live_comment set deleted_at = now() where author_platform_id = 'carol'`);
    await streamsUpdated('now');
    const changed = { comments: 3, entrants: 1, eligible: 1 };
    expect(await youtubeDay(1)).toMatchObject(changed);
    await expectSummaryEqualsBase(ALIGNED);

    expect(await runJob()).toMatchObject({ campaigns: 1 });
    await streamsUpdated('an hour ago');
    expect(await youtubeDay(1)).toMatchObject(changed);
    await expectSummaryEqualsBase(ALIGNED);
    // A run with nothing touched recomputes nothing.
    expect(await runJob()).toMatchObject({ campaigns: 0 });
    await expectSummaryEqualsBase(ALIGNED.slice(0, 1));
  });

  it('counts a draw revealed now, before and after the next run', async () => {
    await insertDraw(db(), {
      campaignId,
      status: 'revealed',
      revealedAt: new Date(),
      platform: 'youtube',
      entrants: ['youtube:gina', 'youtube:alice', 'youtube:newcomer'],
    });
    const midnight = Math.floor(Date.now() / DAY) * DAY;
    const today = range(
      new Date(midnight - DAY).toISOString(),
      new Date(midnight + DAY).toISOString(),
      'day',
    );
    const eligible = async () =>
      (await live().series(today)).totals.find((row) => row.platform === 'youtube')!.eligible;
    // alice was eligible in January already; gina and the newcomer are new to the campaign's draws.
    expect(await eligible()).toBe(2);
    await runJob();
    expect(await eligible()).toBe(2);
    await expectSummaryEqualsBase([today, ...ALIGNED]);
  });

  it('reads a range that is not on quarter hours from the base tables, exactly', async () => {
    const odd = range('2025-01-01T10:07:00Z', '2025-01-03T10:07:00Z', 'day');
    const { totals } = await live().series(odd);
    expect(totals).toEqual((await live().series(odd, 'base')).totals);
    // From 10:07 on Jan 1: six comments (deleted ones too); alice entered at 10:00, before it; carol's only
    // comment is deleted; bob (Jan 3 10:00) and gina (Jan 2) enter inside it.
    expect(totals.find((row) => row.platform === 'youtube')).toMatchObject({ comments: 6, entrants: 2 });
  });
});

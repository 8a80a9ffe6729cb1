import {
  LIVE_PLATFORMS,
  type AnalyticsDashboard,
  type AnalyticsLiveFigures,
  type LivePlatform,
} from '@hanabi/api';
import type { LiveRow } from './analytics-live.repository.ts';
import type { AnalyticsRange, AnalyticsRepository, SeriesRow } from './analytics.repository.ts';

function figures(row: Omit<SeriesRow, 'bucket'>) {
  return {
    signUpsStreamer: row.signups_streamer,
    signUpsAudience: row.signups_audience,
    activeCampaigns: row.active_campaigns,
    deliveries: {
      queued: row.deliveries_queued,
      submitted: row.deliveries_submitted,
      confirmed: row.deliveries_confirmed,
      failed: row.deliveries_failed,
      cancelled: row.deliveries_cancelled,
    },
    gasUsed: row.gas_used,
    heldClaimsCreated: row.held_created,
    heldClaimsReleased: row.held_released,
  };
}

const NO_LIVE: AnalyticsLiveFigures = {
  comments: 0,
  entrants: 0,
  eligible: 0,
  winners: 0,
  held: 0,
  delivered: 0,
};

/** The rows of one bucket (one per platform) as the API's nested figures. */
function liveFigures(rows: LiveRow[] | undefined) {
  const live = Object.fromEntries(LIVE_PLATFORMS.map((platform) => [platform, NO_LIVE])) as Record<
    LivePlatform,
    AnalyticsLiveFigures
  >;
  let youtubeQuotaUsed = 0;
  for (const row of rows ?? []) {
    const { comments, entrants, eligible, winners, held, delivered } = row;
    live[row.platform] = { comments, entrants, eligible, winners, held, delivered };
    youtubeQuotaUsed += row.quota;
  }
  return { live, youtubeQuotaUsed };
}

function byBucket(rows: LiveRow[]): Map<string, LiveRow[]> {
  const map = new Map<string, LiveRow[]>();
  for (const row of rows) map.set(row.bucket, [...(map.get(row.bucket) ?? []), row]);
  return map;
}

/** The operator's dashboard: figures per bucket and for the whole range, all computed in SQL. */
export class AnalyticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async dashboard(range: AnalyticsRange): Promise<AnalyticsDashboard> {
    // Statements in parallel (separate pool connections on PostgreSQL).
    const [{ series, totals }, live, platforms, campaignsByStatus] = await Promise.all([
      this.analytics.series(range),
      this.analytics.live.series(range),
      this.analytics.heldClaimsByPlatform(range),
      this.analytics.campaignsByStatus(range, this.now()),
    ]);
    // Both statements generate the same bucket labels; the merge only regroups rows the database computed.
    const liveByBucket = byBucket(live.series);
    return {
      range: {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        interval: range.interval,
        timeZone: range.timeZone,
      },
      series: series.map((row) => ({
        bucket: row.bucket,
        ...figures(row),
        ...liveFigures(liveByBucket.get(row.bucket)),
      })),
      totals: {
        ...figures(totals),
        ...liveFigures(live.totals),
        transactions: totals.transactions,
        campaignsByStatus,
      },
      byPlatform: platforms.map((row) => ({
        platform: row.platform,
        heldClaimsCreated: row.created,
        heldClaimsReleased: row.released,
        heldClaimsDelivered: row.delivered,
        heldClaimsStillHeld: row.still_held,
      })),
    };
  }
}

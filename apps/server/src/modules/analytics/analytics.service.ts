import { PENDING_ANALYTICS_METRICS, type AnalyticsDashboard } from '@hanabi/api';
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

/** The operator's dashboard: figures per bucket and for the whole range, all computed in SQL. */
export class AnalyticsService {
  constructor(private readonly analytics: AnalyticsRepository) {}

  async dashboard(range: AnalyticsRange): Promise<AnalyticsDashboard> {
    const [{ series, totals }, platforms] = await Promise.all([
      this.analytics.series(range),
      this.analytics.heldClaimsByPlatform(range),
    ]);
    return {
      range: {
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        interval: range.interval,
        timeZone: range.timeZone,
      },
      series: series.map((row) => ({ bucket: row.bucket, ...figures(row) })),
      totals: { ...figures(totals), transactions: totals.transactions },
      byPlatform: platforms.map((row) => ({
        platform: row.platform,
        heldClaimsCreated: row.created,
        heldClaimsReleased: row.released,
        heldClaimsDelivered: row.delivered,
        heldClaimsStillHeld: row.still_held,
      })),
      // Comments, the entry funnel and YouTube quota come with live streams; until then they are not shown.
      unavailable: [...PENDING_ANALYTICS_METRICS],
    };
  }
}

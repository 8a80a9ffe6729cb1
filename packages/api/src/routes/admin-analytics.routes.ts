import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { text } from '../string-primitives.ts';
import { DELIVERY_STATUSES } from './delivery.routes.ts';
import { LIVE_PLATFORMS, type LivePlatform } from '../live-platform.ts';

/**
 * The operator's analytics dashboard (docs/original-spec.md §7: `GET /api/admin/analytics/dashboard`). Every figure is
 * computed by the database over `[from, to)`, bucketed by `interval` in `timeZone` (empty buckets included).
 * Live figures (comments, the entry funnel, YouTube quota) are per platform; what each step counts is in
 * docs/decisions/0024-dashboard-live-figures-and-speed.md.
 */

export const ANALYTICS_LIMITS = { maxRangeDays: 400 } as const;
export const ANALYTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

/** The platforms whose chat Hanabi reads: the live figures come per platform. */

const DateTime = text().datetime({ offset: true });

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const AnalyticsDashboardQuery = z
  .object({
    /** Start of the range (inclusive), ISO 8601 with offset. */
    from: DateTime,
    /** End of the range (exclusive). */
    to: DateTime,
    interval: z.enum(ANALYTICS_INTERVALS).default('day'),
    /** Buckets start at midnight / Monday / the 1st in this IANA zone. */
    timeZone: text().max(64).refine(isTimeZone, 'is not an IANA time zone').default('UTC'),
  })
  .superRefine((query, context) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    // Runs even when a date failed its own check; that one is reported already.
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (from >= to) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    } else if (to - from > ANALYTICS_LIMITS.maxRangeDays * 86_400_000) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `must be at most ${ANALYTICS_LIMITS.maxRangeDays} days after from`,
      });
    }
  });
export type AnalyticsDashboardQuery = z.input<typeof AnalyticsDashboardQuery>;

/** Gas is a uint256 sum: decimal digits. */
const GasAmount = z.string().regex(/^\d+$/);

const deliveryCounts = Object.fromEntries(DELIVERY_STATUSES.map((status) => [status, z.number().int()]));

/** Counts of deliveries by their current status. */
export const DeliveryStatusCounts = z.object(
  deliveryCounts as Record<(typeof DELIVERY_STATUSES)[number], z.ZodNumber>,
);

/**
 * One platform's chat and entry funnel, in campaign entries: a person entering two campaigns counts twice, as
 * they can win twice. Each entrant and eligible entrant counts once per campaign, in the bucket of their first
 * comment / first revealed draw, so every figure adds up over buckets (totals are sums).
 */
export const AnalyticsLiveFigures = z.object({
  /** Chat messages stored (`live_comment`), deleted ones included. */
  comments: z.number().int(),
  /** People who entered a campaign: counted at their first comment in it that was not deleted. */
  entrants: z.number().int(),
  /** Entrants frozen in a revealed draw's entrant list: counted at the campaign's first such draw. */
  eligible: z.number().int(),
  /** Winners drawn (in the bucket they were drawn in), excluded ones left out. */
  winners: z.number().int(),
  /** Of those winners, the ones whose prize had to be held (no linked account or wallet yet). */
  held: z.number().int(),
  /** Of those winners, the ones whose prize is delivered (their delivery, direct or after being held, confirmed). */
  delivered: z.number().int(),
});
export type AnalyticsLiveFigures = z.infer<typeof AnalyticsLiveFigures>;

const liveFigures = z.object(
  Object.fromEntries(LIVE_PLATFORMS.map((platform) => [platform, AnalyticsLiveFigures])) as Record<
    LivePlatform,
    typeof AnalyticsLiveFigures
  >,
);

const bucketFigures = {
  signUpsStreamer: z.number().int(),
  signUpsAudience: z.number().int(),
  /** Published campaigns whose period overlaps the bucket. */
  activeCampaigns: z.number().int(),
  /** Deliveries created in the bucket, by their current status. */
  deliveries: DeliveryStatusCounts,
  /** Gas of the signer's transactions that finished in the bucket (sum of `chain_tx.gas_used`). */
  gasUsed: GasAmount,
  /** Prizes held for someone Hanabi could not send to yet, created in the bucket. */
  heldClaimsCreated: z.number().int(),
  /** Held prizes released to a delivery in the bucket. */
  heldClaimsReleased: z.number().int(),
  /** Chat and entry funnel per platform. */
  live: liveFigures,
  /** YouTube Data API units spent on the YouTube quota days (Pacific time) whose date falls in the bucket. */
  youtubeQuotaUsed: z.number().int(),
};

export const AnalyticsBucket = z.object({
  /** Start of the bucket (ISO 8601, UTC). */
  bucket: z.string(),
  ...bucketFigures,
});
export type AnalyticsBucket = z.infer<typeof AnalyticsBucket>;

export const AnalyticsPlatformRow = z.object({
  /** `hanabi`: a known user who had no wallet yet. */
  platform: z.enum([...LIVE_PLATFORMS, 'hanabi']),
  heldClaimsCreated: z.number().int(),
  heldClaimsReleased: z.number().int(),
  /** Released claims whose delivery is confirmed on chain. */
  heldClaimsDelivered: z.number().int(),
  heldClaimsStillHeld: z.number().int(),
});

export const AnalyticsDashboard = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(ANALYTICS_INTERVALS),
    timeZone: z.string(),
  }),
  series: z.array(AnalyticsBucket),
  totals: z.object({
    ...bucketFigures,
    /** Published campaigns whose period overlaps the range (each once). */
    activeCampaigns: z.number().int(),
    /** Confirmed or reverted transactions of the signer that finished in the range. */
    transactions: z.number().int(),
    /** The campaigns `activeCampaigns` counts, by their status now: the three add up to it. */
    campaignsByStatus: z.object({
      scheduled: z.number().int(),
      live: z.number().int(),
      ended: z.number().int(),
    }),
  }),
  /** Held claims created in the range, per platform of the recipient. */
  byPlatform: z.array(AnalyticsPlatformRow),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

export const adminAnalyticsRoutes = {
  adminAnalyticsDashboard: defineRoute({
    method: 'GET',
    path: '/api/admin/analytics/dashboard',
    access: 'operator',
    summary: `Sign-ups, active campaigns, deliveries, gas, held claims, live comments, entry funnel and YouTube quota per interval over [from, to) (≤ ${ANALYTICS_LIMITS.maxRangeDays} days)`,
    query: AnalyticsDashboardQuery,
    response: AnalyticsDashboard,
  }),
};

import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId, text } from '../string-primitives.ts';
import { CampaignIdParams } from './campaign.routes.ts';
import { LivePlatformSchema, type LivePlatform } from '../live-platform.ts';
import { DeliveryStatus, PRIZE_STATES } from './delivery.routes.ts';
import { LiveStreamParams } from './live.routes.ts';

/*
 * Draws and winners (issue [Live], docs/design.md §7). A draw covers every stream of the campaign (one person
 * once across platforms); the `{platform}/{a}/{b}` of the original's paths names the stream the streamer acts
 * from, and must be one of the campaign's streams (404 otherwise).
 */

export const DRAW_STATUSES = ['open', 'closed', 'revealed', 'failed'] as const;
export const DrawStatus = z.enum(DRAW_STATUSES);
export type DrawStatus = z.infer<typeof DrawStatus>;

/**
 * A draw committed to a drand round must be revealed within this many minutes of the round's publication; past it,
 * a draw still not revealed shows publicly as withheld (issue 33: an operator who dislikes the outcome cannot
 * quietly abandon the draw).
 */
export const DRAW_REVEAL_DUE_MINUTES = 10;

/**
 * A draw whose round is out and whose result the server has not revealed by the due time: since when, and whether
 * its secret is sealed in its public record (a quicknet draw: anyone can open it with the round and compute the
 * winners; on the `default` chain, which serves no timelock, only the server holds it).
 */
export const DrawWithheld = z.object({ since: z.string(), sealed: z.boolean() });
export type DrawWithheld = z.infer<typeof DrawWithheld>;

export const DRAW_TRIGGERS = ['manual', 'schedule', 'atEnd', 'redraw'] as const;
export const DrawTrigger = z.enum(DRAW_TRIGGERS);

/**
 * Why a draw failed, as everyone may read it (the stored free text can name outside systems' messages):
 * nobody was eligible at close, the beacon refused for good, or a frozen entrant had no stored identity.
 */
export const DRAW_FAILURES = [
  'noEntrants',
  'beaconRefused',
  'entrantUnknown',
  'recordLate',
  'other',
] as const;
export const DrawFailure = z.enum(DRAW_FAILURES);
export type DrawFailure = z.infer<typeof DrawFailure>;

/**
 * Why a streamer excluded a winner (decision 0200): one of these, always with the time, plus the streamer's own
 * words — all public on the proof page and the campaign's results, so an exclusion is never silent.
 */
export const EXCLUSION_REASONS = [
  'notEligible',
  'duplicateAccount',
  'ruleViolation',
  'unreachable',
  'declined',
  'other',
] as const;
export const ExclusionReason = z.enum(EXCLUSION_REASONS);
export type ExclusionReason = z.infer<typeof ExclusionReason>;

/**
 * drawn → (distribution) held | queued → submitted → delivered | failed; or excluded by the streamer.
 * `queued`/`submitted`/`delivered`/`failed` mirror the winner's delivery.
 */
export const WINNER_STATUSES = ['drawn', ...PRIZE_STATES, 'excluded'] as const;
export const WinnerStatus = z.enum(WINNER_STATUSES);
export type WinnerStatus = z.infer<typeof WinnerStatus>;

export const Winner = z.object({
  id: z.string(),
  drawId: z.string(),
  campaignId: z.string(),
  /** Order within its draw (0-based). */
  position: z.number().int(),
  entrantKey: z.string(),
  platform: LivePlatformSchema,
  platformUserId: z.string(),
  displayName: z.string(),
  /** The Hanabi user, once the identity is linked. */
  userId: z.string().nullable(),
  status: WinnerStatus,
  /** The winner has a wallet or a linked account: distribution will deliver rather than hold. */
  reachable: z.boolean(),
  deliveryId: z.string().nullable(),
  deliveryStatus: DeliveryStatus.nullable(),
  txHash: z.string().nullable(),
  /**
   * When distribution handed the prize over (queued, or held until the winner links); null before. From then on
   * the winner cannot be excluded and distributing the platform again changes nothing for them.
   */
  distributedAt: z.string().nullable(),
  /** The streamer's own words on the exclusion (public). */
  excludedReason: z.string().nullable(),
  excludedReasonCode: ExclusionReason.nullable(),
  excludedAt: z.string().nullable(),
  /** The re-draw that replaces this excluded winner. */
  replacedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Winner = z.infer<typeof Winner>;

/** A chat whose ingestion had not passed T when a draw froze its entrants (decision 0204). */
export const DrawIngestBehind = z.object({
  platform: LivePlatformSchema,
  /** The chat was read completely up to this instant (the server's clock); null: never read. */
  readThrough: z.string().nullable(),
});
export type DrawIngestBehind = z.infer<typeof DrawIngestBehind>;

/**
 * How a draw froze its entrants (decision 0204): comments the platform published at or before T (`closedAt`) count;
 * the freeze waited, until `waitUntil` at most, for every chat of the campaign to be read past T. Null on a draw
 * whose T is not fixed yet, and on draws frozen before this rule.
 */
export const DrawFreeze = z.object({
  /** The latest the freeze waits for ingestion to pass T. */
  waitUntil: z.string(),
  /** When the entrant list was frozen; null while the draw waits for comments up to T to arrive. */
  frozenAt: z.string().nullable(),
  /** Chats still read that had not passed T at the freeze (empty: all had); null while waiting. */
  behind: z.array(DrawIngestBehind).nullable(),
});
export type DrawFreeze = z.infer<typeof DrawFreeze>;

export const DrawSummary = z.object({
  id: z.string(),
  campaignId: z.string(),
  round: z.number().int(),
  status: DrawStatus,
  trigger: DrawTrigger,
  commitment: z.string(),
  entrantsHash: z.string().nullable(),
  entrantCount: z.number().int().nullable(),
  winnerCount: z.number().int(),
  beacon: z.object({ source: z.string(), round: z.string(), value: z.string() }).nullable(),
  seed: z.string().nullable(),
  /** The draw this one replaces an excluded winner of. */
  redrawOf: z.string().nullable(),
  /** Why it failed, in the streamer's own view (may quote an outside system); the public sees `failureCode`. */
  failure: z.string().nullable(),
  failureCode: DrawFailure.nullable(),
  createdAt: z.string(),
  /** The close time T (set when the close starts, before the wait for ingestion). */
  closedAt: z.string().nullable(),
  freeze: DrawFreeze.nullable(),
  revealedAt: z.string().nullable(),
});
export type DrawSummary = z.infer<typeof DrawSummary>;

export const DrawSchedule = z.object({
  active: z.boolean(),
  /** Minutes between rounds (everyNMinutes), null for a single draw at the campaign's end. */
  intervalMinutes: z.number().int().nullable(),
  nextRunAt: z.string().nullable(),
});
export type DrawSchedule = z.infer<typeof DrawSchedule>;

export const WinnerChange = z.object({
  id: z.string(),
  winnerId: z.string().nullable(),
  actorId: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const WinnerList = z.object({
  campaignId: z.string(),
  /** Winners of every draw of the campaign, newest draw first, excluded ones included (status `excluded`). */
  winners: z.array(Winner),
  draws: z.array(DrawSummary),
  schedule: DrawSchedule,
  /** Winners still to draw: the campaign's winnerCount minus winners not excluded. */
  remaining: z.number().int(),
  changes: z.array(WinnerChange),
});
export type WinnerList = z.infer<typeof WinnerList>;

export const WinnerQuery = z.object({ campaignId: entityId() });

export const DrawBody = z.object({
  campaignId: entityId(),
  /** How many to draw (default: all remaining). 422 when nothing remains or nobody is eligible. */
  count: z.number().int().min(1).max(10_000).optional(),
});
export type DrawBody = z.infer<typeof DrawBody>;

/** The streamer edits the list: each excluded winner is replaced by a linked re-draw (its own proof). */
export const WinnerEditBody = z.object({
  campaignId: entityId(),
  winners: z
    .array(
      z
        .object({
          id: entityId(),
          excluded: z.literal(true),
          reasonCode: ExclusionReason,
          /** The streamer's own words, shown publicly with the reason; required for `other`. */
          reason: text().trim().max(200).default(''),
        })
        .refine((item) => item.reasonCode !== 'other' || item.reason.length > 0, {
          message: 'say why in your own words when the reason is "other"',
          path: ['reason'],
        }),
    )
    .min(1)
    .max(100),
  /** Replace each excluded winner with a re-draw (default true). */
  redraw: z.boolean().default(true),
});
export type WinnerEditBody = z.infer<typeof WinnerEditBody>;

export const ScheduleBody = z.object({ campaignId: entityId() });

export const ResultQuery = z.object({ platformType: LivePlatformSchema.optional() });

export const DrawFunnel = z.object({
  comments: z.number().int(),
  /** Distinct commenters. */
  entrants: z.number().int(),
  /** Distinct commenters the entry rule accepts. */
  eligible: z.number().int(),
  winners: z.number().int(),
  held: z.number().int(),
  delivered: z.number().int(),
});

export const LiveResult = z.object({
  campaignId: z.string(),
  platformType: LivePlatformSchema.nullable(),
  draws: z.array(DrawSummary),
  winners: z.array(Winner),
  funnel: DrawFunnel,
});
export type LiveResult = z.infer<typeof LiveResult>;

export const DistributionResult = z.object({
  /** Deliveries written now (winners with a wallet). */
  queued: z.number().int(),
  /** Prizes held now (no account or no wallet yet). */
  held: z.number().int(),
  /** Winners handed over before (a repeated call changes nothing). */
  alreadyDistributed: z.number().int(),
  winners: z.array(Winner),
});
export type DistributionResult = z.infer<typeof DistributionResult>;

/** An exclusion as everyone sees it: the reason from the list, the streamer's words, and when. */
export const PublicExclusion = z.object({
  reasonCode: ExclusionReason,
  /** The streamer's own words (public by design; the exclusion form says so). */
  note: z.string(),
  at: z.string().nullable(),
});
export type PublicExclusion = z.infer<typeof PublicExclusion>;

export const ResultWinner = z.object({
  id: z.string(),
  platform: LivePlatformSchema,
  /** The chat name the winner commented with (public in the chat already). */
  displayName: z.string(),
  excluded: z.boolean(),
  exclusion: PublicExclusion.nullable(),
  /** The re-draw that replaces this excluded winner. */
  replacedBy: z.string().nullable(),
  /** The prize waits for this chat identity to be linked to a Hanabi account ("Is this you?"). */
  awaitingLink: z.boolean(),
});
export type ResultWinner = z.infer<typeof ResultWinner>;

/**
 * One draw in a campaign's public history (decision 0200): every draw, whatever its state, numbered by `round`
 * without gaps; a failed one says why; a re-draw names the draw and the winners it replaces.
 */
export const ResultDraw = z.object({
  id: z.string(),
  round: z.number().int(),
  status: DrawStatus,
  trigger: DrawTrigger,
  entrantCount: z.number().int().nullable(),
  createdAt: z.string(),
  revealedAt: z.string().nullable(),
  failureCode: DrawFailure.nullable(),
  /** Set once a committed draw is overdue (DRAW_REVEAL_DUE_MINUTES after its round) and still not revealed. */
  withheld: DrawWithheld.nullable(),
  /** The draw this one replaces an excluded winner of. */
  redrawOf: z.string().nullable(),
  /** The excluded winners (of `redrawOf`) this re-draw replaces. */
  replaces: z.array(z.object({ winnerId: z.string(), displayName: z.string() })),
  winners: z.array(ResultWinner),
});
export type ResultDraw = z.infer<typeof ResultDraw>;

function platformDrawRoutes<P extends LivePlatform>(platform: P) {
  const base = `/api/liveStreaming/${platform}/:a/:b` as const;
  const name = platform === 'youtube' ? 'YouTube' : 'TwitCasting';
  return {
    winners: defineRoute({
      method: 'GET',
      path: `${base}/winner`,
      access: 'streamer',
      summary: `Winners, draws, schedule and change log of your campaign (from its ${name} stream)`,
      params: LiveStreamParams,
      query: WinnerQuery,
      response: WinnerList,
    }),
    draw: defineRoute({
      method: 'POST',
      path: `${base}/winner`,
      access: 'streamer',
      summary:
        'Draw winners now: commit, freeze the entrants, take the beacon, reveal (verifiable). Send an Idempotency-Key per intent: the same key answers the draw it made, never a second one; 409 while another draw of the campaign runs',
      params: LiveStreamParams,
      body: DrawBody,
      response: WinnerList,
      successStatus: 201,
    }),
    editWinners: defineRoute({
      method: 'PUT',
      path: `${base}/winner`,
      access: 'streamer',
      summary:
        'Exclude winners with a reason from the list and your words (public, logged); each is replaced by a linked re-draw. Send an Idempotency-Key per intent: the same key answers the first result, nothing is excluded or re-drawn twice',
      params: LiveStreamParams,
      body: WinnerEditBody,
      response: WinnerList,
    }),
    startSchedule: defineRoute({
      method: 'POST',
      path: `${base}/scheduleWinner`,
      access: 'streamer',
      summary: "Start repeated draws per the campaign's draw mode (survives restarts)",
      params: LiveStreamParams,
      body: ScheduleBody,
      response: DrawSchedule,
    }),
    stopSchedule: defineRoute({
      method: 'DELETE',
      path: `${base}/scheduleWinner`,
      access: 'streamer',
      summary: 'Stop repeated draws',
      params: LiveStreamParams,
      query: ScheduleBody,
      response: DrawSchedule,
    }),
  };
}

const youtube = platformDrawRoutes('youtube');
const twitcasting = platformDrawRoutes('twitcasting');

export const drawRoutes = {
  youtubeWinners: youtube.winners,
  youtubeDraw: youtube.draw,
  youtubeEditWinners: youtube.editWinners,
  youtubeStartSchedule: youtube.startSchedule,
  youtubeStopSchedule: youtube.stopSchedule,
  twitcastingWinners: twitcasting.winners,
  twitcastingDraw: twitcasting.draw,
  twitcastingEditWinners: twitcasting.editWinners,
  twitcastingStartSchedule: twitcasting.startSchedule,
  twitcastingStopSchedule: twitcasting.stopSchedule,
  liveResult: defineRoute({
    method: 'GET',
    path: '/api/liveStreaming/:id/result',
    access: 'streamer',
    summary: "Your campaign's draws, winners with delivery states, and its funnel (optionally one platform)",
    params: CampaignIdParams,
    query: ResultQuery,
    response: LiveResult,
  }),
  distributeYoutube: defineRoute({
    method: 'POST',
    path: '/api/liveStreaming/:id/distribution/youtube',
    access: 'streamer',
    summary: 'Hand the YouTube winners to the delivery engine (deliveries or held prizes; once each)',
    params: CampaignIdParams,
    response: DistributionResult,
  }),
  distributeTwitcasting: defineRoute({
    method: 'POST',
    path: '/api/liveStreaming/:id/distribution/twitcasting',
    access: 'streamer',
    summary: 'Hand the TwitCasting winners to the delivery engine (deliveries or held prizes; once each)',
    params: CampaignIdParams,
    response: DistributionResult,
  }),
};

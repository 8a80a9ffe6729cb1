import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId } from '../string-primitives.ts';
import { DrawSummary, DrawWithheld, ResultDraw } from './draw.routes.ts';

/*
 * A draw's public read and its proof (decisions 0098, 0199, 0202, 0204): what the proof page, `verify-draw` and
 * anyone else check a draw with. Split from draw.routes.ts, which holds the streamer's side.
 */

/** Where a draw's public record is: the chain, the registry contract and the transaction that wrote it. */
export const DrawRecordLocation = z.object({
  chainId: z.number().int(),
  registry: z.string(),
  txHash: z.string(),
});

/** The record as the server wrote it, for the page: where, when (the block's time) and its number. */
export const PublicDrawRecord = DrawRecordLocation.extend({
  blockNumber: z.number().int(),
  blockTime: z.string(),
  number: z.number().int(),
});
export type PublicDrawRecord = z.infer<typeof PublicDrawRecord>;

export const DRAW_VERDICTS = ['verified', 'practice', 'failed'] as const;

/**
 * The server's own check of a draw's beacon (decision 0199), the one it ran before the reveal: `verified` (a drand
 * round whose signature checks against the pinned chain key, the first after the close), `practice` (the embedded
 * chain's block hash: it recomputes, but this server controlled the randomness) or `failed` with why. Readers still
 * check for themselves (the proof page, `npm run verify-draw`); this is what the server says, not a proof.
 */
export const PublicBeaconVerdict = z.object({
  status: z.enum(DRAW_VERDICTS),
  /** `failed` only: the problem's code (e.g. `signature-invalid`, `@hanabi/draw`'s `BeaconProblem`) and its English. */
  problem: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PublicBeaconVerdict = z.infer<typeof PublicBeaconVerdict>;

/**
 * A draw as the public proof page shows it; `secret` and `seed` appear once revealed. The stored failure text
 * stays private (`failureCode` says why); `history` is every draw of its campaign, newest first.
 */
export const PublicDraw = DrawSummary.omit({ failure: true }).extend({
  campaignTitle: z.string(),
  streamerName: z.string(),
  algorithm: z.string(),
  secret: z.string().nullable(),
  winners: z.array(z.object({ entrantKey: z.string(), displayName: z.string(), excluded: z.boolean() })),
  redraws: z.array(z.string()),
  history: z.array(ResultDraw),
  /** Null until the beacon's value is in. */
  beaconVerdict: PublicBeaconVerdict.nullable(),
  /** The draw's public record (decision 0202); null until written, and for a practice draw. */
  record: PublicDrawRecord.nullable(),
  /** The round is out and the result is overdue: withheld by the server (see `ResultDraw.withheld`). */
  withheld: DrawWithheld.nullable(),
});
export type PublicDraw = z.infer<typeof PublicDraw>;

/** Exactly `DrawProof` of `@hanabi/draw` (what `npm run verify-draw` reads); 409 until the draw is revealed. */
export const DrawProofResponse = z.object({
  algorithm: z.string(),
  drawId: z.string(),
  commitment: z.string(),
  secret: z.string(),
  entrants: z.array(z.string()),
  entrantsHash: z.string(),
  /** The close time T: a drand beacon must be the first round after it. */
  closedAt: z.string(),
  beacon: z.object({
    source: z.string(),
    round: z.string(),
    value: z.string(),
    /** drand: the round's BLS signature (hex), checked against the chain's public key; null for the chain beacon. */
    signature: z.string().nullable(),
    /** A chained drand chain (default): the previous round's signature, part of what was signed; null otherwise. */
    previousSignature: z.string().nullable(),
  }),
  seed: z.string(),
  winnerCount: z.number().int(),
  winners: z.array(z.string()),
  /** The draw's public record in the draw registry (decision 0202); null for a practice draw. */
  record: DrawRecordLocation.nullable().optional(),
});
export type DrawProofResponse = z.infer<typeof DrawProofResponse>;

const DrawIdParams = z.object({ id: entityId() });

export const drawProofRoutes = {
  publicDraw: defineRoute({
    method: 'GET',
    path: '/api/draw/:id',
    access: 'public',
    summary: 'A draw as its public proof page shows it',
    params: DrawIdParams,
    response: PublicDraw,
  }),
  drawProof: defineRoute({
    method: 'GET',
    path: '/api/draw/:id/proof',
    access: 'public',
    summary: 'The proof of a revealed draw: everything needed to recompute it (409 before reveal)',
    params: DrawIdParams,
    response: DrawProofResponse,
  }),
};

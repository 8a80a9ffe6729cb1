import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { Uint256String } from './admin-token.routes.ts';

/**
 * The doctor (issue 37, decision 0225): every outside system the deployment uses, checked the way Hanabi uses it —
 * what `npm run doctor` prints and the operator's "System check" page shows.
 */
export const DOCTOR_CHECK_IDS = [
  'config',
  'origin',
  'database',
  'storage',
  'ipfs',
  'mail',
  'chain',
  'beacon',
  'youtube',
  'twitcasting',
  'google',
  'x',
] as const;
export type DoctorCheckId = (typeof DOCTOR_CHECK_IDS)[number];

/** `ok` ✓, `fail` ✗, `warn` ! (works, but look), `skip` – (not configured, or embedded: nothing outside to check). */
export const DOCTOR_STATUSES = ['ok', 'fail', 'warn', 'skip'] as const;
export type DoctorStatus = (typeof DOCTOR_STATUSES)[number];

export const DoctorCheck = z.object({
  id: z.enum(DOCTOR_CHECK_IDS),
  status: z.enum(DOCTOR_STATUSES),
  /** A failed required check fails the whole report (the CLI exits 1). */
  required: z.boolean(),
  /** One line: what was found (English, like a log line; never a secret). */
  summary: z.string(),
  /** How to fix it, when it is not ✓. */
  fix: z.string().nullable(),
  /** What was checked and read: redirect URIs, scopes, balances, figures. */
  details: z.array(z.string()),
  durationMs: z.number().int().nonnegative(),
});
export type DoctorCheck = z.infer<typeof DoctorCheck>;

export const DoctorReport = z.object({
  /** True when no required check failed. */
  ok: z.boolean(),
  mode: z.enum(['embedded', 'production']),
  checkedAt: z.iso.datetime(),
  checks: z.array(DoctorCheck),
});
export type DoctorReport = z.infer<typeof DoctorReport>;

/** How soon the signer's balance needs topping up: `empty` cannot pay one delivery, `low` is under the doctor's
 * floor (1,000 deliveries or 50 draw commitments), `soon` runs out within {@link SIGNER_RUNWAY_WARN_DAYS} at the
 * recent pace, `none` is fine, `unknown` when the chain did not answer. */
export const SIGNER_FUNDS_WARNINGS = ['none', 'soon', 'low', 'empty', 'unknown'] as const;
export type SignerFundsWarning = (typeof SIGNER_FUNDS_WARNINGS)[number];
export const SIGNER_RUNWAY_WARN_DAYS = 7;

/** An amount in wei: a uint256 in decimal digits (a string, so it survives JSON). */
const Wei = Uint256String;

export const SignerFunds = z.object({
  chainId: z.number().int(),
  signer: z.string(),
  /** The balance read now; null when the chain did not answer (the trend still shows what was sampled). */
  current: z
    .object({
      balanceWei: Wei,
      gasPriceWei: Wei,
      /** Whole deliveries and draw commitments the balance pays for at this gas price; null when gas is free. */
      covers: z.object({ deliveries: z.number().int(), draws: z.number().int() }).nullable(),
    })
    .nullable(),
  /** Spent per day over the last 7 days of samples (top-ups are not counted); null with under an hour of them. */
  spendPerDayWei: Wei.nullable(),
  /** When the balance runs out at that pace; null when nothing is being spent or the pace is not known yet. */
  runsOutAt: z.iso.datetime().nullable(),
  warning: z.enum(SIGNER_FUNDS_WARNINGS),
  /** The last 14 days, one sample per hour, oldest first. */
  samples: z.array(z.object({ at: z.iso.datetime(), balanceWei: Wei })),
});
export type SignerFunds = z.infer<typeof SignerFunds>;

export const adminDoctorRoutes = {
  adminSignerFunds: defineRoute({
    method: 'GET',
    path: '/api/admin/signer/funds',
    access: 'operator',
    summary: "The delivery signer's balance, its 14-day trend and when it runs out at the recent pace",
    description:
      'Reads the balance and gas price from the chain now and the samples the worker takes every quarter hour. ' +
      '`warning` says how soon the signer needs topping up; nothing here is a secret.',
    response: SignerFunds,
  }),

  adminDoctor: defineRoute({
    method: 'GET',
    path: '/api/admin/doctor',
    access: 'operator',
    summary:
      'Checks every outside system the deployment uses (database, S3, IPFS, SMTP, chain, drand, platforms, sign-in)',
    description:
      'Runs the same checks as `npm run doctor`: writes, reads back and deletes a probe object in S3, adds and ' +
      'reads back a probe file on IPFS, authenticates with SMTP, reads the chain and the drand relay. Takes a few ' +
      'seconds; never returns a secret.',
    response: DoctorReport,
  }),
};

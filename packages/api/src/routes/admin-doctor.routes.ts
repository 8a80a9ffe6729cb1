import { z } from 'zod';
import { defineRoute } from '../route.ts';

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

export const adminDoctorRoutes = {
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

import type { DoctorCheck, DoctorCheckId } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import type { DrandBeacon } from '../../adapters/beacon/index.ts';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { EndpointReach } from '../../adapters/oauth/index.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';

/** What one check found, before the runner adds its id, whether it is required and how long it took. */
export type CheckOutcome = Pick<DoctorCheck, 'status' | 'summary' | 'fix' | 'details'>;

export interface DoctorCheckDefinition {
  id: DoctorCheckId;
  /** A required check that fails makes the report fail (the CLI exits 1, a deploy pipeline stops). */
  required: boolean;
  run(): Promise<CheckOutcome>;
}

/**
 * The outside systems, as the adapters that talk to them. The CLI opens them from the configuration; the operator
 * route hands the running process's own (the same objects that serve requests).
 */
export interface DoctorPorts {
  config: AppConfig;
  database: () => Promise<Database>;
  storage: FileStorage;
  ipfs: () => Promise<IpfsAdapter>;
  chain: () => Promise<ChainAdapter>;
  /** Null without SMTP_URL (the CLI opens no database for the dev mailbox; the check has nothing to do then). */
  mailer: Mailer | null;
  /** Null unless DRAND_URL is set. */
  drand: Pick<DrandBeacon, 'latest'> | null;
  probeEndpoint: (url: string) => Promise<EndpointReach>;
  now: () => number;
  /** `--send-test <address>`: also send one e-mail there. */
  sendTestTo?: string;
}

export const ok = (summary: string, details: string[] = []): CheckOutcome => ({
  status: 'ok',
  summary,
  fix: null,
  details,
});
export const fail = (summary: string, fix: string, details: string[] = []): CheckOutcome => ({
  status: 'fail',
  summary,
  fix,
  details,
});
export const warn = (summary: string, fix: string, details: string[] = []): CheckOutcome => ({
  status: 'warn',
  summary,
  fix,
  details,
});
export const skip = (summary: string, details: string[] = []): CheckOutcome => ({
  status: 'skip',
  summary,
  fix: null,
  details,
});

/** The kind of an adapter's failure (AdapterError) or the error's code/name: never its message, which may quote a URL. */
export function failureKind(error: unknown): string {
  const value = error as { kind?: string; code?: string; name?: string; cause?: { code?: string } };
  return value.kind ?? value.code ?? value.cause?.code ?? value.name ?? 'error';
}

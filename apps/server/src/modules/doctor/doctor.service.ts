import type { DoctorCheck, DoctorCheckId, DoctorReport } from '@hanabi/api';
import { DOCTOR_CHECK_IDS } from '@hanabi/api';
import { isEmbedded, type AppConfig } from '../../config.ts';
import { scrubSecrets } from '../../lib/log-redaction.ts';
import { beaconCheck } from './checks/beacon.check.ts';
import { chainCheck } from './checks/chain.check.ts';
import { databaseCheck } from './checks/database.check.ts';
import { ipfsCheck } from './checks/ipfs.check.ts';
import { mailCheck } from './checks/mail.check.ts';
import { originVerdict } from './checks/origin.check.ts';
import { platformChecks } from './checks/platforms.check.ts';
import { storageCheck } from './checks/storage.check.ts';
import { fail, ok, type CheckOutcome, type DoctorCheckDefinition, type DoctorPorts } from './doctor.types.ts';

/** A check that has not answered in this long is reported as failed (a hung socket must not hang a deploy). */
export const CHECK_TIMEOUT_MS = 30_000;

export function doctorChecks(ports: DoctorPorts): DoctorCheckDefinition[] {
  const { config } = ports;
  return [
    {
      id: 'config',
      required: true,
      run: async () =>
        ok(
          `every setting parsed (NODE_ENV=${config.env}, ${isEmbedded(config) ? 'embedded' : 'outside'} systems)`,
        ),
    },
    { id: 'origin', required: true, run: async () => originVerdict(config) },
    databaseCheck(ports),
    storageCheck(ports),
    ipfsCheck(ports),
    mailCheck(ports),
    chainCheck(ports),
    beaconCheck(ports),
    ...platformChecks(ports),
  ];
}

async function runOne(check: DoctorCheckDefinition, timeoutMs: number): Promise<DoctorCheck> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(fail(`no answer within ${timeoutMs / 1000} s`, 'Check the system is reachable from here')),
      timeoutMs,
    );
  });
  let outcome: CheckOutcome;
  try {
    outcome = await Promise.race([check.run(), timeout]);
  } catch (error) {
    outcome = fail(
      `the check itself failed: ${(error as Error).message}`,
      'Report this with the output of `npm run doctor --json`',
    );
  } finally {
    clearTimeout(timer);
  }
  return {
    id: check.id,
    required: check.required,
    ...outcome,
    durationMs: Math.round(performance.now() - startedAt),
  };
}

/** Runs every check at once; the report is redacted before anyone sees it. */
export async function runDoctor(
  ports: DoctorPorts,
  options: { timeoutMs?: number } = {},
): Promise<DoctorReport> {
  const checks = await Promise.all(
    doctorChecks(ports).map((check) => runOne(check, options.timeoutMs ?? CHECK_TIMEOUT_MS)),
  );
  return redactReport(
    {
      ok: checks.every((check) => !check.required || check.status !== 'fail'),
      mode: isEmbedded(ports.config) ? 'embedded' : 'production',
      checkedAt: new Date(ports.now()).toISOString(),
      checks,
    },
    configSecrets(ports.config),
  );
}

/** The report when the configuration does not load: its issues, and nothing else checked. */
export function configErrorReport(issues: string[], production: boolean, now = Date.now()): DoctorReport {
  const checks: DoctorCheck[] = DOCTOR_CHECK_IDS.map((id: DoctorCheckId) =>
    id === 'config'
      ? {
          id,
          required: true,
          ...fail(
            `${issues.length} setting(s) wrong: nothing else was checked`,
            'Fix each listed setting',
            issues,
          ),
          durationMs: 0,
        }
      : {
          id,
          required: false,
          status: 'skip',
          summary: 'not checked: the configuration does not load',
          fix: null,
          details: [],
          durationMs: 0,
        },
  );
  return {
    ok: false,
    mode: production ? 'production' : 'embedded',
    checkedAt: new Date(now).toISOString(),
    checks,
  };
}

/** Every secret value in the configuration, and the credential parts of its URLs. */
export function configSecrets(config: AppConfig): string[] {
  const values: Array<string | undefined> = [
    config.auth.secret,
    config.auth.google?.clientSecret,
    config.auth.twitter?.clientSecret,
    config.live.sandbox ? undefined : config.live.youtube.clientSecret,
    config.live.sandbox ? undefined : config.live.twitcasting.clientSecret,
    config.files.kind === 's3' ? config.files.credentials?.accessKeyId : undefined,
    config.files.kind === 's3' ? config.files.credentials?.secretAccessKey : undefined,
    config.ops.metricsToken,
    config.errorReporting?.dsn,
  ];
  const urls = [
    config.database.kind === 'postgres' ? config.database.url : undefined,
    config.mail.smtpUrl,
    config.chain.kind === 'rpc' ? config.chain.rpcUrl : undefined,
    config.chain.kind === 'rpc' && config.chain.signer.kind === 'remote'
      ? config.chain.signer.url
      : undefined,
    config.ipfs.kind === 'kubo' ? config.ipfs.rpcUrl : undefined,
  ];
  if (config.chain.kind === 'rpc' && config.chain.signer.kind === 'local')
    values.push(config.chain.signer.key);
  for (const raw of urls) {
    if (!raw) continue;
    try {
      const url = new URL(raw);
      values.push(decodeURIComponent(url.password), url.password);
      // A provider key rides in the path or the query (…/v3/<key>, ?apikey=…): the whole URL is never printed.
      if (url.pathname.length > 1 || url.search) values.push(raw);
    } catch {
      values.push(raw);
    }
  }
  return [...new Set(values.filter((value): value is string => Boolean(value) && value!.length >= 4))].sort(
    (a, b) => b.length - a.length,
  );
}

/** Every text in the report with the configuration's secrets and anything secret-shaped cut out. */
export function redactReport(report: DoctorReport, secrets: string[]): DoctorReport {
  const clean = (text: string) =>
    scrubSecrets(secrets.reduce((out, secret) => out.split(secret).join('[redacted]'), text));
  return {
    ...report,
    checks: report.checks.map((check) => ({
      ...check,
      summary: clean(check.summary),
      fix: check.fix === null ? null : clean(check.fix),
      details: check.details.map(clean),
    })),
  };
}

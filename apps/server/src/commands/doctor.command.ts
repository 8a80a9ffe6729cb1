import { ConfigError, loadConfig, requestedRole, type AppConfig } from '../config.ts';
import { openDatabase } from '../container.ts';
import type { Database } from '../db/client.ts';
import { createLogger } from '../logger.ts';
import { lazy } from '../lib/lazy.ts';
import { DrandBeacon } from '../adapters/beacon/index.ts';
import { lazyChain } from '../adapters/chain/index.ts';
import { lazyIpfs } from '../adapters/ipfs/index.ts';
import { SmtpMailer } from '../adapters/mail/index.ts';
import { probeEndpoint } from '../adapters/oauth/index.ts';
import { createFileStorage } from '../adapters/storage/index.ts';
import { configErrorReport, exitCodeOf, formatReport, runDoctor } from '../modules/doctor/index.ts';
import type { DoctorReport } from '@hanabi/api';

/**
 * `npm run doctor` (`HANABI_ROLE=doctor node dist/main.js` in the image; decision 0225): loads the configuration
 * the api and workers load, checks every outside system it names through the adapters, prints a line per system,
 * and exits 1 when a required one is broken, so a deploy pipeline can gate on it. A composition root of its own,
 * beside `container.ts`: it opens only what it checks and never migrates, deploys or signs.
 */

export interface DoctorCommandOptions {
  /** The environment to load (tests); default the process's. */
  env?: Record<string, string | undefined>;
  write?: (text: string) => void;
  now?: () => number;
}

const USAGE = 'Usage: npm run doctor [-- --json] [-- --send-test <address>]\n';

export function parseDoctorArgs(argv: string[]): { json: boolean; sendTestTo?: string } | null {
  let json = false;
  let sendTestTo: string | undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === '--json') json = true;
    else if (arg === '--send-test' && argv[index + 1]?.includes('@')) sendTestTo = argv[(index += 1)];
    else return null;
  }
  return { json, ...(sendTestTo ? { sendTestTo } : {}) };
}

async function check(
  config: AppConfig,
  sendTestTo: string | undefined,
  now: () => number,
): Promise<DoctorReport> {
  const log = createLogger({ env: config.env, log: { level: 'silent', pretty: false } });
  const database = lazy<Database>(
    () => openDatabase(config),
    (opened) => opened.close(),
  );
  const chain = lazyChain(config);
  const ipfs = lazyIpfs(config);
  const mailer = config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, log) : null;
  try {
    return await runDoctor({
      config,
      database: () => database.get(),
      storage: createFileStorage(config),
      ipfs: () => ipfs.get(),
      chain: () => chain.get(),
      mailer,
      drand:
        config.beacon.kind === 'drand'
          ? new DrandBeacon({ url: config.beacon.url, chainHash: config.beacon.chainHash })
          : null,
      probeEndpoint: (url) => probeEndpoint(url),
      now,
      ...(sendTestTo ? { sendTestTo } : {}),
    });
  } finally {
    mailer?.close();
    await Promise.all(
      [database.close(), chain.close(), ipfs.close()].map((closing) => closing.catch(() => undefined)),
    );
  }
}

/** Runs the doctor and answers the exit code (2 for a bad command line). */
export async function doctorCommand(argv: string[], options: DoctorCommandOptions = {}): Promise<number> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const now = options.now ?? Date.now;
  const args = parseDoctorArgs(argv);
  if (!args) {
    write(USAGE);
    return 2;
  }
  let report: DoctorReport;
  try {
    report = await check(loadConfig(options.env), args.sendTestTo, now);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    report = configErrorReport(error.issues, requestedRole(options.env).production, now());
  }
  write(args.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
  return exitCodeOf(report);
}

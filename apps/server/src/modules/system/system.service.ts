import type { PublicConfig } from '@hanabi/api';
import { isEmbedded, type AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';

interface Check {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

async function timed(probe: () => Promise<void>, timeoutMs: number): Promise<Check> {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - startedAt) };
  } catch (error) {
    // Only the kind of failure goes out; connection strings and SQL stay in the server log.
    return { ok: false, latencyMs: Math.round(performance.now() - startedAt), error: (error as Error).name };
  } finally {
    clearTimeout(timer);
  }
}

/** A load balancer asks every few seconds; the chain's RPC (often metered) is asked at most this often. */
const CHAIN_CHECK_TTL_MS = 5000;

export class SystemService {
  private readonly startedAt = Date.now();
  private draining = false;
  private chainCheck: { at: number; result: Promise<Check> } | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly database: Database,
    private readonly queue: JobQueue,
    /** Asks the chain for its latest block (readiness detail only). */
    private readonly chainProbe?: () => Promise<void>,
  ) {}

  /** From now on readiness answers not-ready: the process is stopping and the load balancer should drain it. */
  startDraining(): void {
    this.draining = true;
  }

  private checkChain(): Promise<Check> | undefined {
    if (!this.chainProbe) return undefined;
    const now = Date.now();
    if (!this.chainCheck || now - this.chainCheck.at > CHAIN_CHECK_TTL_MS) {
      this.chainCheck = { at: now, result: timed(this.chainProbe, 2000) };
    }
    return this.chainCheck.result;
  }

  health() {
    return { status: 'ok' as const, uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000) };
  }

  async readiness() {
    const [database, queue, chain] = await Promise.all([
      timed(() => this.database.ping(), 2000),
      timed(() => this.queue.ping(), 2000),
      this.checkChain(),
    ]);
    const ready = database.ok && queue.ok && !this.draining;
    return {
      status: ready ? ('ready' as const) : ('not-ready' as const),
      checks: { database, queue, ...(chain ? { chain } : {}) },
      ...(chain && !chain.ok ? { degraded: ['chain' as const] } : {}),
      ...(this.draining ? { draining: true } : {}),
    };
  }

  publicConfig(): PublicConfig {
    return {
      mode: isEmbedded(this.config) ? 'embedded' : 'production',
      externalRedirectAllowedHosts: this.config.externalRedirectHosts,
      chainId: this.config.chainId,
      chainRpcUrl: this.config.chainPublicRpcUrl ?? null,
      defaultLocale: this.config.defaultLocale,
      walletCoolOffHours: Math.round((this.config.wallet.coolOffMs / 3_600_000) * 10) / 10,
      errorReporting: this.config.errorReporting
        ? { dsn: this.config.errorReporting.browserDsn, environment: this.config.errorReporting.environment }
        : null,
    };
  }
}

import { sql } from 'drizzle-orm';
import { LIVE_PLATFORMS } from '@hanabi/api';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import type { Database } from '../../db/client.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { Logger } from '../../logger.ts';
import { PROCESS_COUNTERS } from './process-counters.ts';

/** Default metrics whose names break Prometheus's naming rules (gauges ending in `_total`). */
const MISNAMED_DEFAULT_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];

export interface MetricsDeps {
  database: Database;
  /** pg-boss's schema (its `job` table holds every queue). */
  queueSchema: string;
  chain: Lazy<ChainAdapter>;
  /** An RPC node (asked on every scrape); else the embedded chain, read only once something started it. */
  chainIsOutside: boolean;
  log: Logger;
  /** The project's YouTube quota ledger (decision 0161): what every reader draws on today. */
  youtubeQuota: { today(now: Date): Promise<{ left: number }> };
  /** The queues this deployment runs (read at scrape time): each prints depth 0 when nothing waits in it. */
  queueNames: () => readonly string[];
}

/** A chain call during a scrape waits at most this long: a slow RPC must not make Prometheus time out. */
const CHAIN_TIMEOUT_MS = 2000;
const DELIVERY_STATES = ['queued', 'submitted', 'confirmed', 'failed', 'cancelled'] as const;
/** A chat reader is `waiting` for its broadcast to start or reading a `live` one. */
const READER_STATES = ['waiting', 'live'] as const;
const POOL_STATES = ['total', 'idle', 'waiting'] as const;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Row = Record<string, unknown>;

/**
 * Prometheus metrics of one process (decision 0144). HTTP latency and the pool are this process's own; queue
 * depth, deliveries, chat readers and quota are read from the shared database at scrape time, so every process
 * reports the same figures for them (scrape one, or take max()). Chain figures are read from the RPC, bounded.
 */
export class MetricsService {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  private readonly gauges: Record<string, Gauge<string>>;

  constructor(private readonly deps: MetricsDeps) {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'hanabi_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern (not by raw URL: ids would explode the series)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.httpRequests = new Counter({
      name: 'hanabi_http_requests_total',
      help: 'HTTP requests this process answered, by method, route pattern and status class (2xx, 4xx, …)',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    // Standard names (process_cpu_seconds_total, nodejs_eventloop_lag_seconds, nodejs_gc_duration_seconds, …),
    // not hanabi_-prefixed: stock Node.js dashboards and alert rules read them as they are, and the scrape's
    // job/instance labels already say which process they belong to (decision 0217).
    collectDefaultMetrics({ register: this.registry });
    // prom-client names three gauges with a counter's `_total` suffix, which Prometheus's linter (promtool) refuses;
    // each is the sum of the same family without the suffix (`nodejs_active_handles{type}`), kept.
    for (const misnamed of MISNAMED_DEFAULT_GAUGES) this.registry.removeSingleMetric(misnamed);
    for (const counter of PROCESS_COUNTERS) this.registry.registerMetric(counter);
    const gauge = (name: string, help: string, labelNames: string[] = []) =>
      new Gauge({ name, help, labelNames, registers });
    this.gauges = {
      queueWaiting: gauge('hanabi_queue_jobs_waiting', 'Jobs due and not yet started, per queue', ['queue']),
      queueActive: gauge('hanabi_queue_jobs_active', 'Jobs running now, per queue', ['queue']),
      queueOldest: gauge(
        'hanabi_queue_oldest_waiting_seconds',
        'Age of the oldest due job not yet started, per queue (0 when none waits)',
        ['queue'],
      ),
      deliveries: gauge('hanabi_deliveries', 'Deliveries by state', ['state']),
      signerNonce: gauge('hanabi_signer_nonce', 'Next nonce of the signer (pending block)'),
      signerBalance: gauge('hanabi_signer_balance_wei', 'Balance of the signer in wei'),
      chainUp: gauge('hanabi_chain_up', '1 when the chain RPC answered during this scrape'),
      chatReaders: gauge('hanabi_chat_readers', 'Live chats being read, by platform and state', [
        'platform',
        'status',
      ]),
      quotaLeft: gauge(
        'hanabi_chat_quota_left_units',
        'YouTube quota units the Google project has left today (Pacific day): the ledger all readers share',
        ['platform'],
      ),
      rateLeft: gauge(
        'hanabi_chat_rate_limit_remaining',
        'Smallest remaining TwitCasting API budget among the streams being read (NaN when none is read)',
        ['platform'],
      ),
      poolTotal: gauge('hanabi_db_pool_connections', 'Database pool connections of this process', ['state']),
    };
  }

  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    this.httpRequests.inc({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` });
  }

  /** Refreshes the shared figures, then renders every metric in the Prometheus text format. */
  async render(): Promise<string> {
    await Promise.all([
      this.refreshQueues(),
      this.refreshDeliveries(),
      this.refreshChat(),
      this.refreshChain(),
    ]);
    this.refreshPool();
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private async rows(query: ReturnType<typeof sql>): Promise<Row[]> {
    const result = (await this.deps.database.db.execute(query)) as unknown as { rows: Row[] };
    return result.rows;
  }

  private async refreshQueues(): Promise<void> {
    const rows = await this.rows(sql`
      select name,
             count(*) filter (where state in ('created', 'retry') and start_after <= now()) as waiting,
             count(*) filter (where state = 'active') as active,
             coalesce(extract(epoch from now() - min(created_on)
               filter (where state in ('created', 'retry') and start_after <= now())), 0) as oldest
      from ${sql.identifier(this.deps.queueSchema)}.job
      where state in ('created', 'retry', 'active')
      group by name`);
    const { queueWaiting, queueActive, queueOldest } = this.gauges;
    for (const metric of [queueWaiting!, queueActive!, queueOldest!]) {
      metric.reset();
      // Every known queue prints 0 when idle, so an alert on it sees a series rather than nothing.
      for (const queue of this.deps.queueNames()) metric.set({ queue }, 0);
    }
    for (const row of rows) {
      const queue = String(row.name);
      queueWaiting!.set({ queue }, Number(row.waiting));
      queueActive!.set({ queue }, Number(row.active));
      queueOldest!.set({ queue }, Math.max(0, Number(row.oldest)));
    }
  }

  private async refreshDeliveries(): Promise<void> {
    const rows = await this.rows(sql`select status, count(*) as count from delivery group by status`);
    const counts = new Map(rows.map((row) => [String(row.status), Number(row.count)]));
    for (const state of DELIVERY_STATES) this.gauges.deliveries!.set({ state }, counts.get(state) ?? 0);
  }

  private async refreshChat(): Promise<void> {
    const readers = await this.rows(sql`
      select platform, status, count(*) as count from live_stream
      where status in ('waiting', 'live') group by platform, status`);
    this.gauges.chatReaders!.reset();
    for (const platform of LIVE_PLATFORMS) {
      for (const status of READER_STATES) this.gauges.chatReaders!.set({ platform, status }, 0);
    }
    for (const row of readers) {
      this.gauges.chatReaders!.set(
        { platform: String(row.platform), status: String(row.status) },
        Number(row.count),
      );
    }
    const [quota] = await this.rows(sql`
      select min((ingest_state -> 'rateLimit' ->> 'remaining')::int)
               filter (where platform = 'twitcasting') as twitcasting_left
      from live_stream where status in ('waiting', 'live')`);
    const youtube = await this.deps.youtubeQuota.today(new Date());
    this.gauges.quotaLeft!.set({ platform: 'youtube' }, youtube.left);
    // NaN while no TwitCasting stream is read: a sample is there (absent() stays quiet), yet no `< n` alert
    // fires on it, and no made-up budget is claimed.
    const left = quota?.twitcasting_left;
    this.gauges.rateLeft!.set({ platform: 'twitcasting' }, left == null ? Number.NaN : Number(left));
  }

  private async refreshChain(): Promise<void> {
    const { signerNonce, signerBalance, chainUp } = this.gauges;
    if (!this.deps.chainIsOutside && !this.deps.chain.started) return; // a scrape never spawns anvil
    try {
      const chain = await withTimeout(this.deps.chain.get(), CHAIN_TIMEOUT_MS);
      const [nonce, balance] = await withTimeout(
        Promise.all([
          chain.publicClient.getTransactionCount({ address: chain.signer, blockTag: 'pending' }),
          chain.publicClient.getBalance({ address: chain.signer }),
        ]),
        CHAIN_TIMEOUT_MS,
      );
      signerNonce!.set(nonce);
      signerBalance!.set(Number(balance));
      chainUp!.set(1);
    } catch (error) {
      // The figures stay absent rather than stale; the chain's own health is in hanabi_chain_up.
      signerNonce!.reset();
      signerBalance!.reset();
      chainUp!.set(0);
      this.deps.log.debug({ err: error }, 'metrics: chain not answering');
    }
  }

  private refreshPool(): void {
    const pool = this.deps.database.pool;
    const gauge = this.gauges.poolTotal!;
    gauge.reset();
    if (!pool) {
      // The embedded database has no pool: 0 of each, so the family still prints.
      for (const state of POOL_STATES) gauge.set({ state }, 0);
      return;
    }
    gauge.set({ state: 'total' }, pool.totalCount);
    gauge.set({ state: 'idle' }, pool.idleCount);
    gauge.set({ state: 'waiting' }, pool.waitingCount);
  }
}

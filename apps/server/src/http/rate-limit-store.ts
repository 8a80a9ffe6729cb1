import type pg from 'pg';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface ChildOptions {
  continueExceeding?: boolean;
  /** The route a per-route limit belongs to; empty for a limiter made with `fastify.rateLimit(options)`. */
  routeInfo?: { method?: string | string[]; url?: string };
}

/** Expired rows are reset in place by their next hit; those nobody hits again are deleted this often. */
const PRUNE_EVERY_MS = 60_000;
/** How often the global limiter's local counts go to the shared table (decision 0157). */
export const FLUSH_EVERY_MS = 250;

const TTL = `greatest(0, ceil(extract(epoch from (r.expires_at - now())) * 1000))::int`;

/** One upsert adding each key's hits: reset in place when the window passed, else added to the shared count. */
const ADD_HITS = `insert into rate_limit_hit as r (key, hits, expires_at)
  select t.key, t.hits, now() + make_interval(secs => t.window_ms / 1000)
  from unnest($1::text[], $2::int[], $3::double precision[]) as t(key, hits, window_ms)
  on conflict (key) do update set
    hits = case when r.expires_at <= now() then excluded.hits else r.hits + excluded.hits end,
    expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
  returning r.key, r.hits, ${TTL} as ttl`;

/** One request counted on one key, exactly; `continueExceeding` restarts the window of a key over its limit. */
const COUNT_ONE = `insert into rate_limit_hit as r (key, hits, expires_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
    expires_at = case
      when r.expires_at <= now() then excluded.expires_at
      when $3::boolean and r.hits + 1 > $4::int then excluded.expires_at
      else r.expires_at end
  returning r.hits, ${TTL} as ttl`;

const READ = `select r.hits, ${TTL} as ttl from rate_limit_hit r where r.key = $1 and r.expires_at > now()`;

interface LocalCount {
  /** The shared count as the table last answered it (this process's hits sent so far included). */
  shared: number;
  /** Hits being written right now. */
  sending: number;
  /** Hits counted here and not yet sent. */
  pending: number;
  windowMs: number;
  /** When the shared window ends, on this process's clock. */
  endsAt: number;
  /** When the table last told us the shared count (0: never). */
  learnedAt: number;
}

/** Knowledge of the shared count older than this (a few flushes missed) is not trusted: count exactly. */
const STALE_AFTER_MS = 4 * FLUSH_EVERY_MS;

/**
 * `@fastify/rate-limit` stores on PostgreSQL (decisions 0143, 0157): every api process counts into the same rows of
 * an UNLOGGED table, so a client spreading requests over N processes gets the limit once, not N times.
 *
 * The global limiter (every API request) counts locally and sends the counts in one statement every
 * {@link FLUSH_EVERY_MS}, so a request far from its limit costs no database round trip. A key whose count comes
 * near its limit (the last fifth, or any limit under 100) is counted exactly, one upsert per request, so the
 * request that crosses the limit is the same one as with a statement per request; a key already over its limit
 * answers 429 from memory until its window ends. Per-route limits (`config.rateLimit`, as the sign-in routes use)
 * are small and always exact, through `child` with a `METHOD/url:` key prefix. With the plugin's `skipOnError`, a
 * database outage lets requests through (they fail on the database anyway, with a clearer error).
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let lastPruneAt = Date.now();
  // Limiters without a route are numbered in the order they are made: the same code makes them in the same
  // order in every process, so process A's limiter 2 counts into the same rows as process B's.
  let unnamedLimiters = 0;
  const prune = () => {
    if (Date.now() - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = Date.now();
    pool.query(`delete from rate_limit_hit where expires_at < now() - interval '1 minute'`).catch(() => {
      lastPruneAt = 0; // try again on the next hit
    });
  };

  /** The per-route limits: one statement per counted request. */
  class ExactRateLimitStore {
    constructor(
      private readonly prefix: string,
      private readonly continueExceeding: boolean,
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      pool
        .query<{ hits: number; ttl: number }>(COUNT_ONE, [
          this.prefix + key,
          timeWindow,
          this.continueExceeding,
          max,
        ])
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
      prune();
    }

    /** Reads a key's count without counting a request (the plugin's `{ increment: false }`). */
    read(key: string, callback: IncrCallback): void {
      pool.query<{ hits: number; ttl: number }>(READ, [this.prefix + key]).then(
        ({ rows }) => callback(null, { current: rows[0]?.hits ?? 0, ttl: rows[0]?.ttl ?? 0 }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions): ExactRateLimitStore {
      return childStore(routeOptions);
    }
  }

  const childStore = (routeOptions: ChildOptions) => {
    const route = routeOptions.routeInfo;
    const prefix = route?.url ? `${String(route.method)}${route.url}:` : `limiter${(unnamedLimiters += 1)}:`;
    return new ExactRateLimitStore(prefix, routeOptions.continueExceeding === true);
  };

  /** The global limiter: counted here, sent in batches, exact near the limit. */
  class BatchedRateLimitStore extends ExactRateLimitStore {
    private readonly counts = new Map<string, LocalCount>();
    private flushing = false;
    private timer: NodeJS.Timeout | undefined;
    /** A window restarted by every request over the limit needs each request counted where all processes see it. */
    private readonly batched: boolean;

    constructor(options: { continueExceeding?: boolean } = {}) {
      super('global:', options.continueExceeding === true);
      this.batched = options.continueExceeding !== true;
      if (this.batched) this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS).unref();
    }

    override incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      if (!this.batched) return super.incr(key, callback, timeWindow, max);
      const now = Date.now();
      let count = this.counts.get(key);
      if (count && count.endsAt <= now && count.sending === 0) {
        count.shared = count.pending = 0; // hits of a window that has ended count for nothing
        count.endsAt = now + timeWindow;
      }
      if (!count) {
        count = {
          shared: 0,
          sending: 0,
          pending: 0,
          windowMs: timeWindow,
          endsAt: now + timeWindow,
          learnedAt: 0,
        };
        this.counts.set(key, count);
      }
      const known = count.shared + count.sending + count.pending;
      if (known >= max) {
        // Over the limit until the window ends, whoever else counts: no need to ask the table.
        count.pending += 1;
        callback(null, { current: known + 1, ttl: count.endsAt - now });
        return;
      }
      // Exact near the limit, and whenever what we know of the other processes' counts is stale (a new client
      // here, or flushes not landing): then we cannot tell how near the limit the key is.
      const stale = now - count.learnedAt > STALE_AFTER_MS;
      if (max < 100 || stale || known + 1 >= max - Math.ceil(max / 5)) {
        this.sendNow(key, count, callback);
        return;
      }
      count.pending += 1;
      callback(null, { current: known + 1, ttl: count.endsAt - now });
    }

    override read(key: string, callback: IncrCallback): void {
      const local = this.counts.get(key);
      super.read(key, (error, result) =>
        callback(
          error,
          result && {
            current: result.current + (local ? local.pending + local.sending : 0),
            ttl: result.ttl,
          },
        ),
      );
    }

    /** Counts this request and the key's unsent hits in the table now, and answers with the shared count. */
    private sendNow(key: string, count: LocalCount, callback: IncrCallback): void {
      const hits = count.pending + 1;
      count.pending = 0;
      count.sending += hits;
      pool
        .query<{ key: string; hits: number; ttl: number }>(ADD_HITS, [
          [`global:${key}`],
          [hits],
          [count.windowMs],
        ])
        .then(
          ({ rows }) => {
            count.sending -= hits;
            this.learn(count, rows[0]!);
            callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl });
          },
          (error: Error) => {
            count.sending -= hits;
            count.pending += hits - 1; // this request is let through by skipOnError; the others stay counted
            callback(error);
          },
        );
      prune();
    }

    private learn(count: LocalCount, row: { hits: number; ttl: number }): void {
      count.shared = row.hits;
      count.endsAt = Date.now() + row.ttl;
      count.learnedAt = Date.now();
    }

    /** Sends every key's unsent hits in one statement; forgets keys whose window ended with nothing unsent. */
    async flush(): Promise<void> {
      if (this.flushing) return;
      if (pool.ended) return clearInterval(this.timer); // the app has closed: nothing will count here again
      const now = Date.now();
      const batch: Array<[string, LocalCount, number]> = [];
      for (const [key, count] of this.counts) {
        if (count.pending > 0) {
          batch.push([key, count, count.pending]);
          count.sending += count.pending;
          count.pending = 0;
        } else if (count.sending === 0 && count.endsAt <= now) {
          this.counts.delete(key);
        }
      }
      if (batch.length === 0) return;
      this.flushing = true;
      try {
        const { rows } = await pool.query<{ key: string; hits: number; ttl: number }>(ADD_HITS, [
          batch.map(([key]) => `global:${key}`),
          batch.map(([, , hits]) => hits),
          batch.map(([, count]) => count.windowMs),
        ]);
        const answered = new Map(rows.map((row) => [row.key, row]));
        for (const [key, count, hits] of batch) {
          count.sending -= hits;
          const row = answered.get(`global:${key}`);
          if (row) this.learn(count, row);
        }
        prune();
      } catch {
        for (const [, count, hits] of batch) {
          count.sending -= hits;
          count.pending += hits; // sent with the next batch
        }
      } finally {
        this.flushing = false;
      }
    }
  }
  return BatchedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

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

/**
 * A `@fastify/rate-limit` store on PostgreSQL (decision 0143): every api process counts into the same rows, so a
 * client spreading requests over N processes gets the limit once, not N times. One statement per request (an
 * upsert on an UNLOGGED table); the per-route limits (`config.rateLimit` on a route) get their own key prefix
 * through `child`, as with the plugin's Redis store. With the plugin's `skipOnError`, a database outage lets
 * requests through rather than failing them (the database being away fails them anyway, with a clearer error).
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

  class PostgresRateLimitStore {
    private readonly continueExceeding: boolean;

    constructor(
      options: { continueExceeding?: boolean } = {},
      private readonly prefix = 'global:',
    ) {
      this.continueExceeding = options.continueExceeding === true;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      pool
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limit_hit as r (key, hits, expires_at)
           values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           on conflict (key) do update set
             hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
             expires_at = case
               when r.expires_at <= now() then excluded.expires_at
               when $3::boolean and r.hits + 1 > $4::int then excluded.expires_at
               else r.expires_at end
           returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl`,
          [this.prefix + key, timeWindow, this.continueExceeding, max],
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
          (error: Error) => callback(error),
        );
      prune();
    }

    /** Reads a key's count without counting a request (the plugin's `{ increment: false }`). */
    read(key: string, callback: IncrCallback): void {
      pool
        .query<{ hits: number; ttl: number }>(
          `select hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int as ttl
           from rate_limit_hit where key = $1 and expires_at > now()`,
          [this.prefix + key],
        )
        .then(
          ({ rows }) => callback(null, { current: rows[0]?.hits ?? 0, ttl: rows[0]?.ttl ?? 0 }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: ChildOptions): PostgresRateLimitStore {
      const route = routeOptions.routeInfo;
      const prefix = route?.url
        ? `${String(route.method)}${route.url}:`
        : `limiter${(unnamedLimiters += 1)}:`;
      return new PostgresRateLimitStore({ continueExceeding: routeOptions.continueExceeding }, prefix);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

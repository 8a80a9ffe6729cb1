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
 * A lease takes this share of what the table says is left of a key's limit (decision 0145). Small enough that
 * the hits another process holds unused when the table fills are few (none in the alternating production test;
 * under 2 % of the limit in seeded random orders over four processes), large enough that a busy client costs
 * one statement per many requests.
 */
export const LEASE_SHARE = 32;
/** The most hits one lease takes, however high the limit (a process that dies loses at most this many). */
export const LEASE_CAP = 1_000;

const TTL = `greatest(0, ceil(extract(epoch from (r.expires_at - now())) * 1000))::int`;

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

/**
 * Reserves `$3` hits on a key: always adds exactly that many (reset in place when the window passed), so the
 * count before is the answer minus `$3` and the caller can tell how many of them fell under the limit.
 */
const RESERVE = `insert into rate_limit_hit as r (key, hits, expires_at)
  values ($1, $3::int, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when r.expires_at <= now() then excluded.hits else r.hits + excluded.hits end,
    expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
  returning r.hits, ${TTL} as ttl`;

const READ = `select r.hits, ${TTL} as ttl from rate_limit_hit r where r.key = $1 and r.expires_at > now()`;

interface Waiting {
  callback: IncrCallback;
}

/** What this process holds of one key's shared budget in the current window. */
interface Lease {
  /** Requests this process may still let through without asking the table. */
  tokens: number;
  /** The table's count when last asked: hits let through or reserved by every process. */
  reserved: number;
  /** When the shared window ends, on this process's clock. */
  endsAt: number;
  /** The table is at the limit and this process holds nothing: 429 until the window ends. */
  full: boolean;
  asking: boolean;
  waiting: Waiting[];
}

/**
 * `@fastify/rate-limit` stores on PostgreSQL (decisions 0143, 0145): every api process counts into the same rows of
 * an UNLOGGED table, so a client spreading requests over N processes gets the limit once, not N times.
 *
 * The global limiter (every API request) leases: a process reserves a share of what is left of a key's limit in
 * one statement and lets that many requests through from memory, so a request costs a database round trip only
 * when its process's lease runs out. Every hit let through was reserved in the table first, so all processes
 * together never let more than the limit through in a window; hits reserved and not used (another process holds
 * them when the table fills, or a process died) count as used. A key whose table count is at the limit answers
 * 429 from memory until its window ends. Per-route limits (`config.rateLimit`, as the sign-in routes use) are
 * small and exact, one upsert per request, through `child` with a `METHOD/url:` key prefix. With the plugin's
 * `skipOnError`, a database outage lets requests through (they fail on the database anyway, with a clearer error).
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  let lastPruneAt = Date.now();
  // Limiters without a route are numbered in the order they are made: the same code makes them in the same
  // order in every process, so process A's limiter 2 counts into the same rows as process B's.
  let unnamedLimiters = 0;
  const prunes: Array<(now: number) => void> = [];
  const prune = () => {
    const now = Date.now();
    if (now - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = now;
    for (const forget of prunes) forget(now);
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
      const route = routeOptions.routeInfo;
      const prefix = route?.url
        ? `${String(route.method)}${route.url}:`
        : `limiter${(unnamedLimiters += 1)}:`;
      return new ExactRateLimitStore(prefix, routeOptions.continueExceeding === true);
    }
  }

  /** The global limiter: leases of the shared budget, let through from memory. */
  class LeasedRateLimitStore extends ExactRateLimitStore {
    private readonly leases = new Map<string, Lease>();
    /** A window restarted by every request over the limit needs each request counted where all processes see it. */
    private readonly leased: boolean;

    constructor(options: { continueExceeding?: boolean } = {}) {
      super('global:', options.continueExceeding === true);
      this.leased = options.continueExceeding !== true;
      prunes.push((now) => {
        for (const [key, lease] of this.leases) {
          if (lease.endsAt <= now && !lease.asking) this.leases.delete(key);
        }
      });
    }

    override incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      if (!this.leased) return super.incr(key, callback, timeWindow, max);
      const now = Date.now();
      let lease = this.leases.get(key);
      if (lease && lease.endsAt <= now && !lease.asking) {
        // What was left of an ended window's lease counts for nothing in the next.
        Object.assign(lease, { tokens: 0, reserved: 0, full: false, endsAt: now + timeWindow });
      }
      if (!lease) {
        lease = { tokens: 0, reserved: 0, endsAt: now + timeWindow, full: false, asking: false, waiting: [] };
        this.leases.set(key, lease);
      }
      if (lease.full) {
        callback(null, { current: max + 1, ttl: lease.endsAt - now });
        return;
      }
      if (lease.tokens > 0) {
        lease.tokens -= 1;
        callback(null, { current: Math.min(max, lease.reserved - lease.tokens), ttl: lease.endsAt - now });
        return;
      }
      lease.waiting.push({ callback });
      if (!lease.asking) this.reserve(key, lease, timeWindow, max);
      prune();
    }

    /** Asks the table for a share of what is left of the key's limit, and lets the waiting requests through. */
    private reserve(key: string, lease: Lease, timeWindow: number, max: number): void {
      const left = Math.max(0, max - lease.reserved);
      const want = Math.max(1, Math.min(LEASE_CAP, Math.floor(left / LEASE_SHARE)));
      lease.asking = true;
      pool.query<{ hits: number; ttl: number }>(RESERVE, ['global:' + key, timeWindow, want]).then(
        ({ rows }) => {
          lease.asking = false;
          const { hits, ttl } = rows[0]!;
          const granted = Math.min(want, Math.max(0, max - (hits - want)));
          lease.reserved = hits;
          lease.endsAt = Date.now() + ttl;
          lease.tokens += granted;
          const waiting = lease.waiting;
          while (lease.tokens > 0 && waiting.length > 0) {
            lease.tokens -= 1;
            waiting.shift()!.callback(null, { current: Math.min(max, hits - lease.tokens), ttl });
          }
          if (lease.tokens === 0 && hits >= max) {
            lease.full = true;
            for (const { callback } of waiting.splice(0)) callback(null, { current: max + 1, ttl });
          } else if (waiting.length > 0) {
            this.reserve(key, lease, timeWindow, max);
          }
        },
        (error: Error) => {
          lease.asking = false;
          for (const { callback } of lease.waiting.splice(0)) callback(error);
        },
      );
    }
  }
  return LeasedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

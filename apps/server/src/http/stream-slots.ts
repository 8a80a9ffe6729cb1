import crypto from 'node:crypto';
import type pg from 'pg';

/** One cap a new stream must fit under: a client key (`ip:…`, `user:…`) and how many it may hold open. */
export interface SlotClaim {
  key: string;
  limit: number;
}

/**
 * Open live event streams per client (decision 0209). `acquire` takes one slot under every claim at once, or none
 * when a claim's key already holds its limit; the release gives them back (call it once, when the stream ends).
 */
export interface StreamSlots {
  acquire(claims: SlotClaim[]): Promise<(() => void) | null>;
  close(): Promise<void>;
}

/** One process holds every stream (embedded, PGlite): counts in memory. */
export class MemoryStreamSlots implements StreamSlots {
  private readonly held = new Map<string, number>();

  async acquire(claims: SlotClaim[]): Promise<(() => void) | null> {
    if (claims.some((claim) => (this.held.get(claim.key) ?? 0) >= claim.limit)) return null;
    for (const claim of claims) this.held.set(claim.key, (this.held.get(claim.key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const claim of claims) {
        const left = (this.held.get(claim.key) ?? 1) - 1;
        if (left > 0) this.held.set(claim.key, left);
        else this.held.delete(claim.key);
      }
    };
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}

/** How often a process marks its streams as still open, and when an unmarked one stops counting. */
const SEEN_EVERY_MS = 15_000;
const STALE_AFTER_SECONDS = 45;

/**
 * Every api process on PostgreSQL counts the same rows (`open_event_stream`): a client cannot hold more streams
 * by spreading them over processes. An open is one short transaction that locks the client's keys (advisory,
 * in a fixed order) so two opens at once cannot both take the last slot; a close deletes the rows. A process that
 * dies stops refreshing its rows, which stop counting after 45 s and are deleted by the next process's sweep.
 */
export class PostgresStreamSlots implements StreamSlots {
  private readonly processId = crypto.randomUUID();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.markSeen(), SEEN_EVERY_MS);
    this.timer.unref();
  }

  async acquire(claims: SlotClaim[]): Promise<(() => void) | null> {
    const sorted = [...claims].sort((a, b) => a.key.localeCompare(b.key));
    const ids = sorted.map(() => crypto.randomUUID());
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      for (const claim of sorted) {
        await client.query('select pg_advisory_xact_lock(hashtextextended($1, 9209))', [claim.key]);
        const { rows } = await client.query<{ open: number }>(
          `select count(*)::int as open from open_event_stream
            where client_key = $1 and seen_at > now() - make_interval(secs => $2::double precision)`,
          [claim.key, STALE_AFTER_SECONDS],
        );
        if (rows[0]!.open >= claim.limit) {
          await client.query('rollback');
          return null;
        }
      }
      await client.query(
        `insert into open_event_stream (id, process_id, client_key)
          select unnest($1::text[]), $2, unnest($3::text[])`,
        [ids, this.processId, sorted.map((claim) => claim.key)],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.pool
        .query('delete from open_event_stream where id = any($1::text[])', [ids])
        .catch((error: unknown) => this.onError(error));
    };
  }

  private async markSeen(): Promise<void> {
    try {
      await this.pool.query('update open_event_stream set seen_at = now() where process_id = $1', [
        this.processId,
      ]);
      await this.pool.query(
        `delete from open_event_stream where seen_at < now() - make_interval(secs => $1::double precision)`,
        [STALE_AFTER_SECONDS * 4],
      );
    } catch (error) {
      // A database blip: the rows go stale and stop counting meanwhile, which errs on letting viewers in.
      this.onError(error);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pool
      .query('delete from open_event_stream where process_id = $1', [this.processId])
      .catch((error: unknown) => this.onError(error));
  }
}

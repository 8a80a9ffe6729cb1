import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import { ChannelHub } from './channel-hub.ts';
import type { Database, Db } from './client.ts';

/** The PostgreSQL channel cache invalidations travel on (payload: {@link CacheBusMessage} JSON). */
export const CACHE_CHANNEL = 'hanabi_cache';

interface CacheBusMessage {
  /** The cache's name (`ReadCache.name`). */
  cache: string;
  /** The key that changed; absent: everything in that cache. */
  key?: string;
}

/** What the bus needs of a cache. */
export interface Invalidatable {
  readonly name: string;
  invalidate(key: string): void;
  clear(): void;
}

/**
 * Tells every process's read caches that something changed. Production runs several API processes, each with
 * its own in-process cache: the writer invalidates its own at once and NOTIFYs the others through the
 * LISTEN/NOTIFY hub (the one dedicated listening connection per channel and process), so a change shows
 * everywhere within the notification latency rather than after the entries' time to live.
 */
export class CacheBus {
  private readonly hub: ChannelHub<CacheBusMessage>;
  private readonly caches = new Map<string, Invalidatable[]>();

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {
    this.hub = new ChannelHub<CacheBusMessage>(
      database,
      CACHE_CHANNEL,
      (payload) => {
        try {
          const message = JSON.parse(payload) as CacheBusMessage;
          return typeof message.cache === 'string' ? { key: message.cache, value: () => message } : null;
        } catch {
          return null;
        }
      },
      log,
      // Invalidations sent while this process was cut off are lost: forget everything rather than serve it
      // until the entries' time to live runs out.
      () => {
        for (const list of this.caches.values()) for (const cache of list) cache.clear();
      },
    );
  }

  /** Puts a cache on the bus: invalidations published by any process reach it. */
  async attach(cache: Invalidatable): Promise<void> {
    const list = this.caches.get(cache.name) ?? [];
    list.push(cache);
    this.caches.set(cache.name, list);
    await this.hub.subscribe(cache.name, (message) => {
      if (message.key === undefined) cache.clear();
      else cache.invalidate(message.key);
    });
  }

  /** Invalidates here at once, then everywhere (after `executor`'s transaction commits, when it is one). */
  async publish(name: string, key?: string, executor: Pick<Db, 'execute'> = this.database.db): Promise<void> {
    for (const cache of this.caches.get(name) ?? []) {
      if (key === undefined) cache.clear();
      else cache.invalidate(key);
    }
    const message: CacheBusMessage = key === undefined ? { cache: name } : { cache: name, key };
    await executor
      .execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`)
      .catch((error: unknown) => this.log.warn({ err: error, cache: name }, 'cache invalidation not sent'));
  }

  close(): Promise<void> {
    return this.hub.close();
  }
}

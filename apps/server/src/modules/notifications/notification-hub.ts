import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { NOTIFICATION_CHANNEL } from './notification.writer.ts';

/** Something that wants a user's unread count whenever it may have changed (an open event stream). */
export type UnreadListener = (unreadCount: number) => void;

const RECONNECT_MS = 2000;

/**
 * Fans notifications out to this process's open streams. Every API process LISTENs on
 * {@link NOTIFICATION_CHANNEL}, so a notification written by any process (or the worker) reaches the streams
 * of all of them; the payload is the recipient's user id and each process looks up that user's unread count
 * once, for however many tabs they have open here. PostgreSQL gets its own client (a pooled connection would
 * lose the LISTEN when it goes back to the pool); PGlite has `listen` built in. Listening starts with the
 * first stream.
 */
export class NotificationHub {
  private readonly listeners = new Map<string, Set<UnreadListener>>();
  private started: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private stopPglite: (() => Promise<void>) | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly unreadCount: (userId: string) => Promise<number>,
    private readonly log: Logger,
  ) {}

  /** Adds a listener for the user; answers the function that removes it. */
  async subscribe(userId: string, listener: UnreadListener): Promise<() => void> {
    await this.start();
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** How many streams are open in this process (for tests and logs). */
  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.stopPglite?.().catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    this.client = null;
  }

  private start(): Promise<void> {
    this.started ??= this.listen().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  private async listen(): Promise<void> {
    if (this.database.pglite) {
      this.stopPglite = await this.database.pglite.listen(NOTIFICATION_CHANNEL, (payload) =>
        this.announce(payload),
      );
      return;
    }
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.connectionString });
    client.on('notification', (message) => {
      if (message.payload) this.announce(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${NOTIFICATION_CHANNEL}`);
    this.client = client;
  }

  private scheduleReconnect(): void {
    this.client = null;
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().catch((error: unknown) => {
        this.log.warn({ err: error }, 'notification listener could not reconnect');
        this.scheduleReconnect();
      });
    }, RECONNECT_MS);
  }

  private announce(userId: string): void {
    const set = this.listeners.get(userId);
    if (!set || set.size === 0) return;
    this.unreadCount(userId).then(
      (count) => {
        for (const listener of set) listener(count);
      },
      (error: unknown) => this.log.warn({ err: error, userId }, 'could not count unread notifications'),
    );
  }
}

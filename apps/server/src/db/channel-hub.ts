import pg from 'pg';
import type { Logger } from '../logger.ts';
import type { Database } from './client.ts';

const RECONNECT_MS = 2000;

/** What one NOTIFY payload means: whose listeners it is for, and how to get what they are told. */
export interface ChannelMessage<V> {
  key: string;
  /** Called only when this process has listeners for `key`. */
  value: () => V | Promise<V>;
}

export type ChannelListener<V> = (value: V) => void;

/**
 * Fans PostgreSQL NOTIFY payloads of one channel out to this process's listeners, keyed (a user, a campaign).
 * Every API process LISTENs, so whatever any process or the worker publishes reaches the open event streams of
 * all of them. PostgreSQL gets a dedicated client (a pooled connection would drop the LISTEN when returned),
 * reconnected after a failure; PGlite has `listen` built in. Listening starts with the first listener, so a
 * process nobody watches never holds the extra connection.
 */
export class ChannelHub<V> {
  private readonly listeners = new Map<string, Set<ChannelListener<V>>>();
  private started: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private stopPglite: (() => Promise<void>) | null = null;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    /** Reads a payload; null drops it (unreadable, or not for anyone). */
    private readonly decode: (payload: string) => ChannelMessage<V> | null,
    private readonly log: Logger,
    /** Called after a lost connection is back: whatever was NOTIFYed in between never arrived here. */
    private readonly onReconnect?: () => void,
  ) {}

  /** Adds a listener for the key; answers the function that removes it. */
  async subscribe(key: string, listener: ChannelListener<V>): Promise<() => void> {
    await this.start();
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** How many listeners are open in this process (for tests and logs). */
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
      this.stopPglite = await this.database.pglite.listen(this.channel, (payload) => this.announce(payload));
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
      this.log.warn(
        { err: error, channel: this.channel },
        'channel listener lost its connection; reconnecting',
      );
      void client.end().catch(() => undefined);
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`listen ${this.channel}`);
    this.client = client;
  }

  private scheduleReconnect(): void {
    this.client = null;
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed) return;
      this.connect().then(
        () => this.onReconnect?.(),
        (error: unknown) => {
          this.log.warn({ err: error, channel: this.channel }, 'channel listener could not reconnect');
          this.scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
  }

  private announce(payload: string): void {
    const message = this.decode(payload);
    if (!message) return;
    const set = this.listeners.get(message.key);
    if (!set || set.size === 0) return;
    Promise.resolve()
      .then(message.value)
      .then(
        (value) => {
          for (const listener of set) listener(value);
        },
        (error: unknown) =>
          this.log.warn(
            { err: error, channel: this.channel, key: message.key },
            'channel message not delivered',
          ),
      );
  }
}

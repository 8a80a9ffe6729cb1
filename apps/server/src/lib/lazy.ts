/**
 * A resource started on first use and stopped only if it was started: tests and processes that never touch the
 * chain or IPFS never spawn a node or open a block store.
 */
export interface Lazy<T> {
  get(): Promise<T>;
  /** True once `get` has been called (the resource may still be starting). */
  readonly started: boolean;
  close(): Promise<void>;
}

export function lazy<T>(start: () => Promise<T>, stop: (value: T) => Promise<void>): Lazy<T> {
  let pending: Promise<T> | undefined;
  return {
    get() {
      pending ??= start().catch((error: unknown) => {
        pending = undefined; // a failed start may be retried
        throw error;
      });
      return pending;
    },
    get started() {
      return pending !== undefined;
    },
    async close() {
      if (!pending) return;
      const current = pending;
      pending = undefined;
      await stop(await current.catch(() => undefined as T)).catch(() => undefined);
    },
  };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);

/** A JSON-RPC call to the embedded anvil (its own methods are outside viem's typed schema). */
export type AnvilRequest = (args: { method: string; params?: unknown[] }) => Promise<unknown>;

/**
 * The embedded chain's state on disk (decision 0171). anvil's own `--state`/`--state-interval` write every few
 * seconds and on a clean exit, in place: a SIGKILL loses the last seconds of blocks (deliveries recorded confirmed
 * come back unmined) and one mid-write leaves a torn file. So Hanabi owns the file: anvil only loads it at start
 * (`--load-state`); Hanabi writes it from `anvil_dumpState` (gzip of the same JSON anvil writes) to a temporary
 * file, fsyncs it and renames it over the old one — a crash leaves the old state or the new, never half of one.
 *
 * `durableThrough(block)` is what confirmations wait for: it returns once a save covers that block, so nothing
 * recorded as confirmed can be taken back by a crash. Saves are single-flight and coalesce: every confirmation
 * waiting on one pass of the delivery engine shares one save.
 */
export class ChainStateFile {
  private savedThrough = -1n;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  /** Figures of the last save, and how many there were (for logs and tests). */
  lastSave: { bytes: number; ms: number; block: bigint } | null = null;
  saves = 0;

  constructor(
    readonly file: string,
    private readonly request: AnvilRequest,
  ) {}

  /** The anvil arguments that load the saved state, when there is one. */
  static async loadArgs(file: string): Promise<string[]> {
    try {
      await fs.access(file);
      return ['--load-state', file];
    } catch {
      return [];
    }
  }

  /** Also saves every `seconds` (what anvil's `--state-interval` did), so a restart loses little else. */
  every(seconds: number): void {
    this.timer = setInterval(() => void this.save().catch(() => {}), seconds * 1000);
    this.timer.unref();
  }

  /** Resolves once a save on disk covers `block`. */
  async durableThrough(block: bigint): Promise<void> {
    while (this.savedThrough < block) await this.save();
  }

  /** Saves now (or joins the save under way and one more after it, which sees everything before this call). */
  save(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.saveOnce();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.save();
  }

  private async saveOnce(): Promise<void> {
    const started = performance.now();
    // The head before the dump: the dump holds it and possibly more, never less.
    const head = BigInt((await this.request({ method: 'eth_blockNumber' })) as string);
    const dumped = (await this.request({ method: 'anvil_dumpState' })) as string;
    const json = await gunzipAsync(Buffer.from(dumped.slice(2), 'hex'));
    const temporary = `${this.file}.${process.pid}.tmp`;
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.writeFile(json);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, this.file);
    const directory = await fs.open(path.dirname(this.file), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    if (head > this.savedThrough) this.savedThrough = head;
    this.lastSave = { bytes: json.length, ms: performance.now() - started, block: head };
    this.saves += 1;
  }
}

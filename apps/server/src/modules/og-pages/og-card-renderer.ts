import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OgCard } from './og-image.ts';
import type { CardAnswer, CardRequest } from './og-card.worker.ts';

export interface CardRenderLimits {
  /** A render taking longer ends its worker and fails. */
  timeoutMs: number;
  /** The worker's V8 heap ceiling. */
  heapMb: number;
  /** Cards waiting for the worker; one more is refused (`CardRenderBusy`) rather than queued. */
  maxQueued: number;
}

/** The worker had too many cards waiting: not this card's fault, so it may be asked for again later. */
export class CardRenderBusy extends Error {}

interface Job {
  request: CardRequest;
  resolve: (answer: { png: Buffer; pictureLeftOut: boolean }) => void;
  reject: (error: Error) => void;
}

/**
 * The script the worker runs: the built server ships it beside `main.js`; from source (tsx, vitest) the worker
 * loads the TypeScript file through tsx's loader, which a worker does not inherit.
 */
function workerSource(): { script: string | URL; eval: boolean } {
  const fromSource = import.meta.url.endsWith('.ts');
  if (!fromSource) {
    const built = new URL('./og-card.worker.js', import.meta.url);
    if (!existsSync(fileURLToPath(built))) throw new Error(`The card worker is not built: ${built.href}`);
    return { script: built, eval: false };
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./og-card.worker.ts', import.meta.url).href;
  const script = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`;
  return { script, eval: true };
}

/**
 * Draws share cards in one worker thread (decision 0211), one at a time: the layout and rasterising block the
 * thread they run on, and a picture's decoding takes memory, so neither happens on the request path. The worker
 * has a heap ceiling; one that runs out of it, crashes or overruns the time limit fails its card and is replaced
 * by a new one for the next. Idle, the worker does not keep the process alive.
 */
export class OgCardRenderer {
  private worker: Worker | null = null;
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly limits: CardRenderLimits) {}

  render(card: OgCard, picture: Uint8Array | null): Promise<{ png: Buffer; pictureLeftOut: boolean }> {
    if (this.closed) return Promise.reject(new Error('The card renderer is closed'));
    if (this.queue.length >= this.limits.maxQueued) {
      return Promise.reject(new CardRenderBusy(`${this.queue.length} cards are already waiting to be drawn`));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, card, picture }, resolve, reject });
      this.pump();
    });
  }

  /** Whether a card is being drawn now (what the tests watch for). */
  get busy(): boolean {
    return this.current !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The card renderer is closed'));
    this.finish(new Error('The card renderer is closed'));
    await this.stopWorker();
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.current = job;
    let worker: Worker;
    try {
      worker = this.ensureWorker();
    } catch (error) {
      this.finish(error as Error);
      return;
    }
    worker.ref();
    this.timer = setTimeout(() => {
      this.finish(new Error(`The card took longer than ${this.limits.timeoutMs} ms to draw`));
      void this.stopWorker();
    }, this.limits.timeoutMs);
    // Handed over (transferred) as bytes of its own, never a view of a buffer shared with anything else.
    const picture = job.request.picture && new Uint8Array(job.request.picture);
    worker.postMessage({ ...job.request, picture }, picture ? [picture.buffer as ArrayBuffer] : []);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const source = workerSource();
    const worker = new Worker(source.script, {
      eval: source.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    worker.on('message', (answer: CardAnswer) => {
      if (answer.id !== this.current?.request.id) return;
      if ('error' in answer) this.finish(new Error(answer.error));
      else {
        this.finish(null, {
          png: Buffer.from(answer.png.buffer, answer.png.byteOffset, answer.png.byteLength),
          pictureLeftOut: answer.pictureLeftOut,
        });
      }
    });
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), or a crash: the card being drawn fails, the next gets a new worker.
    // A worker already let go of (timed out, closed) has nothing left to answer for.
    worker.on('error', (error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish(error);
    });
    worker.on('exit', (code) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.finish(new Error(`The card worker stopped (exit code ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private finish(error: Error | null, answer?: { png: Buffer; pictureLeftOut: boolean }): void {
    const job = this.current;
    if (!job) return;
    this.current = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (error) job.reject(error);
    else job.resolve(answer!);
    queueMicrotask(() => this.pump());
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

import { PgBoss, fromPglite } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { InvalidJobPayloadError, type JobDefinition } from './job-definition.ts';

export interface SendOptions {
  /** Delay in seconds, or a start date. */
  startAfter?: number | Date;
  /** At most one queued job with this key at a time. */
  singletonKey?: string;
}

/** How long a stop may take before it reports what it waits for. */
const STOP_REPORT_AFTER_MS = 10_000;

/** The key and time slot of the catch-up run a job with `runAtStart` gets when workers start. */
export const RUN_AT_START_KEY = 'run-at-start';
const RUN_AT_START_SLOT_SECONDS = 60;
/** At most one queue error line per this interval (with the count of the ones not logged). */
const ERROR_LOG_INTERVAL_MS = 10_000;

/**
 * The job queue: pg-boss on the application's own database (PGlite embedded, PostgreSQL in production).
 * Jobs are registered from typed definitions; payloads are validated on send and again on receipt.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private started = false;
  private lastErrorLoggedAt = 0;
  private errorsNotLogged = 0;
  private readonly stopping = new AbortController();
  private readonly watchdogs: NodeJS.Timeout[] = [];
  /** Jobs this process is running now (a stop waits for them, then hands the rest back). */
  private running = 0;

  private constructor(
    private readonly boss: PgBoss,
    private readonly log: Logger,
    /** pg-boss's schema (its `job` table is read for queue depth by the metrics). */
    readonly schema: string,
  ) {
    boss.on('error', (error: Error) => this.reportError(error));
  }

  static create(database: Database, log: Logger): JobQueue {
    const schema = database.schema ? `${database.schema}_boss` : 'pgboss';
    const boss =
      database.kind === 'pglite' && database.pglite
        ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema })
        : new PgBoss({ connectionString: database.connectionString!, schema, max: 4 });
    return new JobQueue(boss, log, schema);
  }

  async start(definitions: JobDefinition[]): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of definitions) {
      this.definitions.set(definition.name, definition);
      await this.boss.createQueue(definition.name, {
        retryLimit: definition.retry?.limit ?? 3,
        retryDelay: definition.retry?.delaySeconds ?? 5,
        retryBackoff: definition.retry?.backoff ?? true,
        expireInSeconds: definition.expireInSeconds ?? 900,
      });
    }
  }

  /** Starts consuming every registered job kind and installs the recurring schedules (worker role only). */
  async startWorkers(): Promise<void> {
    for (const definition of this.definitions.values()) {
      await this.boss.work(
        definition.name,
        // One job per handler call, so a job's output is its own and a failure retries only that job.
        { localConcurrency: definition.concurrency ?? 1, pollingIntervalSeconds: 1, batchSize: 1 },
        async ([job]) => (job ? this.runOne(definition, job.id, job.data) : undefined),
      );
      if (definition.schedule) {
        await this.boss.schedule(definition.name, definition.schedule.cron, definition.schedule.data ?? {});
      }
      if (definition.watchdog) this.startWatchdog(definition, definition.watchdog);
      if (definition.runAtStart) {
        // Several workers start together (a deploy, a restart of all): one catch-up run is enough, so the
        // run-at-start job is a singleton per time slot rather than one per worker.
        await this.boss.send(definition.name, definition.schedule?.data ?? {}, {
          singletonKey: RUN_AT_START_KEY,
          singletonSeconds: RUN_AT_START_SLOT_SECONDS,
        });
      }
    }
  }

  /**
   * Queues one run per slot when there is work (pg-boss singleton: every worker sends, one job per slot exists).
   * Checks and sends that fail while the database is away are the queue's usual errors; the next slot tries again.
   */
  private startWatchdog(definition: JobDefinition, watchdog: NonNullable<JobDefinition['watchdog']>): void {
    const seconds = watchdog.everySeconds;
    const timer = setInterval(() => {
      if (this.stopping.signal.aborted) return;
      watchdog
        .when()
        .then((needed) =>
          needed
            ? this.boss.send(definition.name, definition.schedule?.data ?? {}, {
                singletonKey: 'watchdog',
                singletonSeconds: seconds,
              })
            : null,
        )
        .catch((error: Error) => this.reportError(error));
    }, seconds * 1000);
    timer.unref();
    this.watchdogs.push(timer);
  }

  /**
   * While the database is away pg-boss fails every poll of every queue (some 30 errors a second on a worker):
   * the first error of a burst is logged, the rest are counted and summed up once per interval.
   */
  private reportError(error: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLoggedAt < ERROR_LOG_INTERVAL_MS) {
      this.errorsNotLogged += 1;
      return;
    }
    const suppressed = this.errorsNotLogged;
    this.lastErrorLoggedAt = now;
    this.errorsNotLogged = 0;
    this.log.error({ err: error, ...(suppressed > 0 ? { suppressed } : {}) }, 'job queue error');
  }

  private async runOne(definition: JobDefinition, jobId: string, data: unknown): Promise<unknown> {
    const log = this.log.child({ job: definition.name, jobId });
    const parsed = definition.payload.safeParse(data);
    if (!parsed.success) {
      const error = new InvalidJobPayloadError(definition.name, parsed.error.message);
      log.error({ err: error }, 'job payload rejected');
      throw error;
    }
    const startedAt = performance.now();
    this.running += 1;
    try {
      const result = await definition.handler(parsed.data, { jobId, log, stopping: this.stopping.signal });
      log.debug({ ms: Math.round(performance.now() - startedAt) }, 'job done');
      return result;
    } catch (error) {
      log.warn({ err: error }, 'job failed; pg-boss will retry per the queue policy');
      throw error;
    } finally {
      this.running -= 1;
    }
  }

  async send<T extends z.ZodType>(
    definition: JobDefinition<T>,
    payload: z.infer<T>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const data = definition.payload.parse(payload) as object;
    return this.boss.send(definition.name, data, {
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  async getJob(definition: JobDefinition, id: string) {
    return this.boss.getJobById(definition.name, id);
  }

  async schedules() {
    return this.boss.getSchedules();
  }

  async ping(): Promise<void> {
    if (!this.started) throw new Error('job queue not started');
    await this.boss.getQueues();
  }

  /** Stops taking jobs and waits up to `timeoutMs` for running ones; those still running then are failed (retried). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping.abort();
    for (const timer of this.watchdogs) clearInterval(timer);
    if (!this.started) return;
    this.started = false;
    if (this.running > 0) this.log.info({ running: this.running, timeoutMs }, 'waiting for running jobs');
    // A stop that takes long says which of pg-boss's workers it still waits for (once seen: 90 s with no job of
    // ours running; the name and state of the worker are what is needed to find why).
    const slow = setTimeout(() => {
      this.log.warn(
        { running: this.running, workers: this.boss.getWipData({ includeInternal: true }) },
        'still stopping the job queue',
      );
    }, STOP_REPORT_AFTER_MS);
    slow.unref();
    // pg-boss closes only connections it opened itself; the PGlite handle belongs to the app and closes after.
    // Past the timeout it fails the jobs still running, so their retry runs on another worker: handed back.
    try {
      await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    } finally {
      clearTimeout(slow);
    }
    if (this.running > 0) this.log.warn({ running: this.running }, 'jobs still running were handed back');
  }

  /** How many jobs this process runs right now. */
  get runningJobs(): number {
    return this.running;
  }
}

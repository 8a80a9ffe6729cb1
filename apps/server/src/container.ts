import type { AppConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import type { Logger } from './logger.ts';
import { JobQueue } from './queue/job-queue.ts';
import type { JobDefinition } from './queue/job-definition.ts';
import { noSessions, type SessionResolver } from './http/session.ts';
import { SystemService } from './modules/system/system.service.ts';
import { HousekeepingRepository } from './modules/housekeeping/housekeeping.repository.ts';
import { housekeepingJob } from './modules/housekeeping/housekeeping.jobs.ts';

/**
 * Explicit wiring, in dependency order: config → adapters → repositories → services → jobs.
 * No autoloading: reading this file tells what the application is made of.
 */
export interface Container {
  config: AppConfig;
  log: Logger;
  database: Database;
  queue: JobQueue;
  sessions: SessionResolver;
  jobs: JobDefinition[];
  repositories: { housekeeping: HousekeepingRepository };
  services: { system: SystemService };
  close(): Promise<void>;
}

export interface ContainerOverrides {
  /** Use this database instead of opening one from config (tests). */
  database?: Database;
  /** Use this session resolver (tests impersonate callers with it). */
  sessions?: SessionResolver;
}

export async function openDatabase(config: AppConfig): Promise<Database> {
  return config.database.kind === 'pglite'
    ? openPglite(config.database.dir)
    : openPostgres(config.database.url, config.database.poolMax);
}

export async function createContainer(
  config: AppConfig,
  log: Logger,
  overrides: ContainerOverrides = {},
): Promise<Container> {
  const database = overrides.database ?? (await openDatabase(config));
  try {
    await runMigrations(database);
    const queue = JobQueue.create(database, log);

    const repositories = { housekeeping: new HousekeepingRepository(database.db) };
    const services = { system: new SystemService(config, database, queue) };
    const jobs = [housekeepingJob(repositories.housekeeping, config.housekeepingCron)] as JobDefinition[];

    await queue.start(jobs);

    return {
      config,
      log,
      database,
      queue,
      sessions: overrides.sessions ?? noSessions,
      jobs,
      repositories,
      services,
      async close() {
        await queue.stop(config.shutdownTimeoutMs);
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

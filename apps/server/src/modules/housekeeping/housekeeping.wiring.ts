import type { Db } from '../../db/client.ts';
import { housekeepingJob } from './housekeeping.jobs.ts';
import { HousekeepingRepository } from './housekeeping.repository.ts';

/** The periodic prune: its repository and its job on the housekeeping schedule. */
export function wireHousekeeping(ports: { db: Db; cron: string }) {
  const housekeeping = new HousekeepingRepository(ports.db);
  return { repositories: { housekeeping }, jobs: [housekeepingJob(housekeeping, ports.cron)] };
}

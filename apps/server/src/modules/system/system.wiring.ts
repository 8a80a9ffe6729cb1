import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import { SystemService } from './system.service.ts';

/** Health, readiness and the public config; `chain.probe` asks the chain for a block (a readiness detail only). */
export function wireSystem(ports: {
  config: AppConfig;
  database: Database;
  queue: JobQueue;
  chain: { probe(): Promise<void> };
}) {
  const { config, chain } = ports;
  // Only an outside chain can be down while the process lives; the embedded one is this process's child.
  const probe = config.chain.kind === 'rpc' ? () => chain.probe() : undefined;
  return { services: { system: new SystemService(config, ports.database, ports.queue, probe) } };
}

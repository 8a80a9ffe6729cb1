import type { DoctorReport } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import type { DrandBeacon } from '../../adapters/beacon/index.ts';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { probeEndpoint } from '../../adapters/oauth/index.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { runDoctor } from './doctor.service.ts';

export interface DoctorService {
  /** The report on the running process's own adapters; one run at a time (a second caller shares it). */
  report(): Promise<DoctorReport>;
}

/** The operator page's doctor: the same checks as `npm run doctor`, on the adapters this process serves with. */
export function wireDoctor(ports: {
  config: AppConfig;
  database: Database;
  storage: FileStorage;
  ipfs: Lazy<IpfsAdapter>;
  chain: Lazy<ChainAdapter>;
  mailer: Mailer;
  drand: DrandBeacon | null;
}): { services: { doctor: DoctorService } } {
  let running: Promise<DoctorReport> | null = null;
  const doctor: DoctorService = {
    report() {
      running ??= runDoctor({
        config: ports.config,
        database: async () => ports.database,
        storage: ports.storage,
        ipfs: () => ports.ipfs.get(),
        chain: () => ports.chain.get(),
        mailer: ports.mailer,
        drand: ports.drand,
        probeEndpoint: (url) => probeEndpoint(url),
        now: Date.now,
      }).finally(() => {
        running = null;
      });
      return running;
    },
  };
  return { services: { doctor } };
}

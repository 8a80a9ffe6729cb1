import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { BeaconAdapter } from '../../adapters/beacon/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { CampaignAccess, type LiveStreamLookup } from './campaign-access.ts';
import { CampaignResultsService } from './campaign-results.service.ts';
import { DistributionService } from './distribution.service.ts';
import { DrawEngine, type DrawSeams } from './draw.engine.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import {
  drawFreezeJob,
  drawRecordJob,
  drawScheduleJob,
  FREEZE_RECHECK_SECONDS,
} from './draw-schedule.jobs.ts';
import type { DrawRecordSeam } from './draw-record.ts';
import { DrawScheduleService } from './draw-schedule.service.ts';
import { DrawsRepository } from './draws.repository.ts';
import { LiveResultsService } from './live-results.service.ts';
import { PublicDrawService } from './public-draw.service.ts';
import { WinnersService } from './winners.service.ts';

/**
 * The wiring of draws and winners (issue [Live], docs/design.md §7): the beacon, the draw engine, the services
 * behind draw.routes.ts (and the live overview/overlay), and the minutely schedule job. `seams` lets tests fix
 * the secret, ids, the beacon and the clock.
 */
export function wireDraws(options: {
  db: Db;
  log: Logger;
  /** Public randomness: the embedded chain's next block or drand (created once by the composition root). */
  beacon: BeaconAdapter;
  storage: FileStorage;
  delivery: DeliveryService;
  /** The campaign's live streams, for the streamer routes under `{platform}/{a}/{b}`. */
  liveStreams: LiveStreamLookup;
  /** The live platforms' drivers (decision 0224). */
  platforms: LivePlatformRegistry;
  /** The draw registry for drand draws (decision 0202; `draw-record.wiring.ts`); none for practice draws. */
  record?: DrawRecordSeam;
  /**
   * The freeze's wait for ingestion to pass T (decision 0204): its bound, and the queue its rechecks go through
   * (`draws.freeze`), so no request waits. None: the entrants freeze at once.
   */
  ingestWait?: { boundMs: number; queue: () => JobQueue };
  seams?: Partial<DrawSeams>;
}) {
  const { db } = options;
  const log = options.log.child({ module: 'draws' });
  const beacon = options.seams?.beacon ?? options.beacon;
  const repository = new DrawsRepository(db);
  const access = new CampaignAccess(db, options.liveStreams);
  const freezeJob = drawFreezeJob(() => engine);
  const wait = options.ingestWait;
  const ingestWait = wait && {
    boundMs: wait.boundMs,
    recheck: async (drawId: string) => {
      await wait.queue().send(freezeJob, { drawId }, { startAfter: FREEZE_RECHECK_SECONDS });
    },
  };
  const engine = new DrawEngine(db, { record: options.record, ingestWait, ...options.seams, beacon }, log);
  const recordJob = drawRecordJob(() => engine);
  const schedules = new DrawScheduleService(db, access, repository, engine, log);
  return {
    engine,
    repositories: { draws: repository },
    services: {
      winners: new WinnersService(db, access, repository, engine, log),
      schedules,
      distribution: new DistributionService(db, access, repository, options.delivery, log),
      results: new LiveResultsService(db, access, repository, options.storage, options.platforms),
      publicDraws: new PublicDrawService(db, repository),
      campaignResults: new CampaignResultsService(db, repository, options.platforms),
    },
    recordJob,
    jobs: [drawScheduleJob(() => schedules), recordJob, freezeJob],
  };
}

export type DrawsArea = ReturnType<typeof wireDraws>;

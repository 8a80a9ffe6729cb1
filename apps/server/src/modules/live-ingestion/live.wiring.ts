import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import {
  registerLiveConnectionRoutes,
  wireLiveConnections,
  type HeldPrizes,
} from '../live-connections/index.ts';
import { registerLiveEventRoutes, wireLiveEvents } from '../live-events/index.ts';
import { liveIngestionJobs, LivePollKicker } from './live-ingestion.jobs.ts';
import { LivePoller } from './live-poller.ts';
import { LiveStreamRepository } from './live-stream.repository.ts';
import { LiveCommentRepository } from './live-comment.repository.ts';
import type { YouTubeQuotaLedger } from './youtube-quota-ledger.ts';
import { LiveStreamService } from './live-stream.service.ts';
import { registerLiveStreamRoutes } from './live-streams.routes.ts';

/**
 * The wiring of issue [Live] minus draws: platform connections and the live event hub (their own wire functions),
 * live streams and their ingestion jobs, comments. container.ts spreads these into its lists.
 */
export function wireLive(options: {
  config: AppConfig;
  database: Database;
  log: Logger;
  queue: JobQueue;
  /** The auth secret: platform tokens are sealed with a key derived from it. */
  authSecret: string;
  heldPrizes: HeldPrizes;
  /** The live platforms' drivers (OAuth, names, pacing, chat reading), keyed by platform id. */
  platforms: LivePlatformRegistry;
  /** One ledger for the Google project (the OAuth client every call goes out under), all streams and calls. */
  youtubeQuota: YouTubeQuotaLedger;
}) {
  const { database, queue } = options;
  const log = options.log.child({ module: 'live' });
  const { db } = database;
  const { youtubeQuota } = options;
  const connections = wireLiveConnections({ ...options, db, log });
  const { tokens } = connections;
  const repositories = {
    ...connections.repositories,
    liveStreams: new LiveStreamRepository(db, youtubeQuota),
    liveComments: new LiveCommentRepository(db),
  };
  const livePoller = new LivePoller(
    repositories.liveStreams,
    repositories.liveConnections,
    tokens,
    options.platforms,
    log,
    youtubeQuota,
  );
  const { pollJob, sweepJob } = liveIngestionJobs(
    () => livePoller,
    () => repositories.liveStreams,
    () => queue,
  );
  const { liveConnections } = connections.services;
  const liveStreams = new LiveStreamService(
    repositories.liveStreams,
    repositories.liveComments,
    liveConnections,
    tokens,
    options.platforms,
    new LivePollKicker(queue, pollJob, log),
    log,
  );
  return {
    repositories,
    services: {
      liveConnections,
      liveStreams,
      livePoller,
      youtubeQuota,
      ...wireLiveEvents({ database, log }).services,
    },
    jobs: [pollJob, sweepJob],
  };
}

export type LiveWiring = ReturnType<typeof wireLive>;

/** Every live route of this issue: connections and OAuth callbacks, streams and comments, the event stream. */
export function registerLiveRoutes(
  app: FastifyInstance,
  services: LiveWiring['services'],
  options: { snapshotMs: number },
): void {
  registerLiveConnectionRoutes(app, services.liveConnections);
  registerLiveStreamRoutes(app, services.liveStreams, services.youtubeQuota);
  registerLiveEventRoutes(app, services.liveStreams, services.liveEventHub, options);
}

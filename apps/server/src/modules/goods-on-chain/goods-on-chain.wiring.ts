import type { JobQueue } from '../../queue/job-queue.ts';
import { publishOnChainJob, QueuedGoodsPublisher, type GoodsOnChainDeps } from './goods-on-chain.jobs.ts';

/**
 * Published goods put on chain by a job. The publisher is handed to digital goods before the token tools exist
 * (they in turn read the goods' supply), so the job reads its ports when it runs: `ports()` is asked then.
 */
export function wireGoodsOnChain(options: { queue: JobQueue; ports: () => GoodsOnChainDeps }) {
  const goodsPublisher = new QueuedGoodsPublisher();
  const publishJob = publishOnChainJob(options.ports);
  goodsPublisher.connect(options.queue, publishJob);
  return { goodsPublisher, jobs: [publishJob] };
}

import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { TusUploads } from './tus-uploads.ts';

/** Drops resumable uploads that were never finished within their expiry (24 hours). */
export function uploadsCleanupJob(tus: TusUploads, cron: string) {
  return defineJob({
    name: 'uploads.cleanup-expired',
    payload: z.object({}),
    schedule: { cron, data: {} },
    retry: { limit: 1, delaySeconds: 60, backoff: false },
    async handler(_payload, { log }) {
      const removed = await tus.cleanUpExpired();
      if (removed > 0) log.info({ removed }, 'expired uploads removed');
      return { removed };
    },
  });
}

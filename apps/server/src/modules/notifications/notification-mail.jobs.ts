import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { NotificationMailService } from './notification-mail.service.ts';

export const NotificationMailPayload = z.object({});

/** Every minute: the pending e-mail twins of notifications (decision 0097); again at once after a full batch. */
export function notificationMailJob(mail: NotificationMailService, queue: () => JobQueue) {
  const job: JobDefinition<typeof NotificationMailPayload> = defineJob({
    name: 'notification.mail',
    payload: NotificationMailPayload,
    schedule: { cron: '* * * * *', data: {} },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    async handler(_payload, { log }) {
      const result = await mail.sendPending();
      if (result.sent + result.failed > 0) log.info(result, 'prize e-mails sent');
      if (result.more && result.failed === 0) await queue().send(job, {});
      return result;
    },
  });
  return job;
}

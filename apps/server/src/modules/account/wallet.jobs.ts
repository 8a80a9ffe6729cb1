import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { WalletService } from './wallet.service.ts';

export const WalletCoolOffPayload = z.object({
  /** ISO time to compare against; defaults to now (tests pass one). */
  now: z.iso.datetime().optional(),
});

/** Every few minutes: held prizes whose wallet cool-off ended go to the new address (decision 0063). */
export function walletCoolOffJob(wallet: WalletService) {
  return defineJob({
    name: 'wallet.cool-off',
    payload: WalletCoolOffPayload,
    schedule: { cron: '*/5 * * * *', data: {} },
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    async handler(payload, { log }) {
      const released = await wallet.releaseCooledOff(payload.now ? new Date(payload.now) : undefined);
      if (released > 0) log.info({ released }, 'wallet cool-offs ended; held prizes released');
      return { released };
    },
  });
}

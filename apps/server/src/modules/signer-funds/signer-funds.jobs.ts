import { z } from 'zod';
import { defineJob } from '../../queue/job-definition.ts';
import type { SignerFundsService } from './signer-funds.service.ts';

/** Every quarter hour: fine enough to see an evening's deliveries, 96 rows a day. */
export const SIGNER_SAMPLE_CRON = '*/15 * * * *';

export function signerSampleJob(service: SignerFundsService) {
  return defineJob({
    name: 'signer.sample',
    payload: z.object({}),
    schedule: { cron: SIGNER_SAMPLE_CRON, data: {} },
    // A chain away for a while loses a sample or two; the next quarter hour takes another.
    retry: { limit: 1, delaySeconds: 60, backoff: false },
    async handler(_payload, { log }) {
      const result = await service.sample();
      log.info({ balanceWei: result.balanceWei.toString(), pruned: result.pruned }, 'signer balance sampled');
      return { balanceWei: result.balanceWei.toString(), pruned: result.pruned };
    },
  });
}

import { z } from 'zod';
import { AppError, appErrorOf } from '../../lib/app-error.ts';
import { defineJob, type JobDefinition } from '../../queue/job-definition.ts';
import type { JobQueue } from '../../queue/job-queue.ts';
import type { Requester, TokenService } from './tokens.service.ts';
import { TokenWriteRequest } from './token-write-request.ts';

const TokenWritePayload = z.object({
  request: TokenWriteRequest,
  requestedBy: z.string().nullable(),
  /** A job no worker started by then is never run: the api that queued it has told the operator nothing was sent. */
  notAfter: z.string(),
});

type TokenWriteOutcome =
  | { outcome: 'done'; result: unknown }
  | {
      outcome: 'refused';
      error: {
        code: AppError['code'];
        message: string;
        details?: AppError['details'];
        reason?: AppError['reason'];
      };
    }
  | { outcome: 'expired' };

/** How long an api waits for a running write to finish (a receipt on a slow chain). */
const TOKEN_WRITE_FINISH_WITHIN_MS = 120_000;

/**
 * Operator token writes asked of an api process that holds no signer run in a worker (decision 0158). Never
 * retried: a write that failed halfway may have been broadcast, and the operations history shows what happened.
 */
export function tokenWriteJob(tokens: () => TokenService): JobDefinition<typeof TokenWritePayload> {
  return defineJob({
    name: 'token.write',
    payload: TokenWritePayload,
    retry: { limit: 0, delaySeconds: 0, backoff: false },
    expireInSeconds: Math.ceil(TOKEN_WRITE_FINISH_WITHIN_MS / 1000),
    handler: async ({ request, requestedBy, notAfter }): Promise<TokenWriteOutcome> => {
      if (Date.now() > Date.parse(notAfter)) return { outcome: 'expired' };
      try {
        return { outcome: 'done', result: await tokens().perform(request, requestedBy) };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return {
          outcome: 'refused',
          error: {
            code: error.code,
            message: error.message,
            ...(error.details ? { details: error.details } : {}),
            ...(error.reason ? { reason: error.reason } : {}),
          },
        };
      }
    },
  });
}

/**
 * The api side: queues the write and waits for its outcome, answering as if it had signed here. A write no
 * worker starts in time is 503 with nothing sent; one still running past the wait is 503 naming the history.
 */
export function handOffTokenWrites(
  queue: () => JobQueue,
  job: JobDefinition<typeof TokenWritePayload>,
  options: { startWithinMs: number; finishWithinMs?: number; pollMs?: number },
) {
  const startWithin = options.startWithinMs;
  const finishWithin = options.finishWithinMs ?? TOKEN_WRITE_FINISH_WITHIN_MS;
  const pollMs = options.pollMs ?? 250;
  return async (request: TokenWriteRequest, requestedBy: Requester): Promise<unknown> => {
    const queuedAt = Date.now();
    const notAfter = new Date(queuedAt + startWithin).toISOString();
    const id = await queue().send(job, { request, requestedBy, notAfter });
    if (!id) throw new AppError('UNAVAILABLE', 'The token write could not be queued; nothing was sent.');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      const state = await queue().getJob(job, id);
      const waited = Date.now() - queuedAt;
      if (state?.state === 'completed') {
        const outcome = state.output as TokenWriteOutcome;
        if (outcome.outcome === 'done') return outcome.result;
        if (outcome.outcome === 'refused') {
          const { code, message, details, reason } = outcome.error;
          throw appErrorOf(code, message, details, reason);
        }
        throw noWorker(startWithin);
      }
      if (state?.state === 'failed' || state?.state === 'cancelled') {
        throw new AppError(
          'UNAVAILABLE',
          'The worker could not finish the token write; see the operations history for what was sent.',
        );
      }
      if (state?.state === 'created' || state?.state === 'retry') {
        // Past its start time the job will refuse to run: nothing was or will be sent.
        if (waited > startWithin + pollMs) throw noWorker(startWithin);
      } else if (waited > startWithin + finishWithin) {
        throw new AppError(
          'UNAVAILABLE',
          'The token write is still running in a worker; its result will appear in the operations history.',
        );
      }
    }
  };
}

function noWorker(startWithinMs: number): AppError {
  return new AppError(
    'UNAVAILABLE',
    `No worker took the token write within ${Math.round(startWithinMs / 1000)} s; nothing was sent.`,
  );
}

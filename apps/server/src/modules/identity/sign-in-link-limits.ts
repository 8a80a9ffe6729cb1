import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AUTH_BASE_PATH } from '@hanabi/api';
import { AppError } from '../../lib/app-error.ts';

/** better-auth's endpoint that mails an e-mail sign-in link. */
export const SIGN_IN_LINK_PATH = `${AUTH_BASE_PATH}/sign-in/magic-link`;

export interface SignInLinkLimits {
  perAddress: number;
  perIp: number;
  windowMs: number;
}

/** The address a sign-in link request names, as better-auth will read it (raw JSON body); null when none. */
export function requestedAddress(request: FastifyRequest): string | null {
  if (!Buffer.isBuffer(request.body)) return null;
  try {
    const body = JSON.parse(request.body.toString('utf8')) as { email?: unknown };
    return typeof body.email === 'string' && body.email.trim() !== ''
      ? body.email.trim().toLowerCase()
      : null;
  } catch {
    return null;
  }
}

/**
 * Two limits on mailing sign-in links (issue 20), on top of the per-IP limit of all of /api/auth: per address
 * (nobody floods someone's mailbox, from however many IPs) and per client IP (nobody sprays links to many
 * addresses). Both are @fastify/rate-limit limiters (`createRateLimit`), so they count in whatever store the
 * plugin was given (memory embedded, the shared store when several processes serve). A refusal is a 429 in the
 * envelope with `Retry-After`; the sign-in form shows its own Japanese or English text for a 429.
 */
export function signInLinkLimiter(scope: FastifyInstance, limits: SignInLinkLimits): preHandlerHookHandler {
  const minutes = Math.round(limits.windowMs / 60_000);
  const checks = [
    {
      limit: scope.createRateLimit({
        max: limits.perIp,
        timeWindow: limits.windowMs,
        keyGenerator: (request) => `sign-in-link:ip:${request.ip}`,
      }),
      message: `Too many sign-in links were asked for from this network. Please wait ${minutes} minutes and try again.`,
    },
    {
      limit: scope.createRateLimit({
        max: limits.perAddress,
        timeWindow: limits.windowMs,
        // Requests without an address fail better-auth's validation anyway; they count against the IP only.
        keyGenerator: (request) =>
          `sign-in-link:address:${requestedAddress(request) ?? `none:${request.ip}`}`,
      }),
      message: `Too many sign-in links were sent to this address. Please wait ${minutes} minutes and try again.`,
    },
  ];
  return async (request, reply) => {
    for (const { limit, message } of checks) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError('RATE_LIMITED', message);
      }
    }
  };
}

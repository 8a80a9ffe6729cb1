import type { FastifyInstance } from 'fastify';
import { errorCodes, isGenericErrorCode } from '@hanabi/api';

/**
 * The integration suite's proof that every refusal reaches a person in their language (decision 0205): each 4xx
 * Hanabi error envelope the app sends must carry a `reason` or a code the web translates generically. Envelopes that
 * break the rule are kept here and `untranslated-errors.setup.ts` fails the test that provoked them.
 */
export interface UntranslatedEnvelope {
  method: string;
  url: string;
  status: number;
  code: string;
  message: string;
}

/**
 * Not Hanabi envelopes meant for a person, so outside the rule: the sandbox's fake YouTube and TwitCasting APIs and
 * OAuth pages answer in Google's and TwitCasting's formats for Hanabi's own adapters to read (and a mimicked error
 * that happened to look like ours would be no person's message either).
 */
const MACHINE_ONLY_PREFIXES = ['/sandbox/youtube/', '/sandbox/twitcasting/'];

const found: UntranslatedEnvelope[] = [];

function untranslated(payload: unknown): { code: string; message: string } | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; reason?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string' || !(error.code in errorCodes)) return null;
  if (typeof error.reason === 'string' || isGenericErrorCode(error.code)) return null;
  return { code: error.code, message: String(error.message) };
}

/** Installed by test-context.ts on every in-process app, before its plugins so every route has it. */
export function recordUntranslatedErrors(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const status = reply.statusCode;
    if (status < 400 || status >= 500) return payload;
    if (MACHINE_ONLY_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return payload;
    const envelope = untranslated(payload);
    if (envelope) found.push({ method: request.method, url: request.url, status, ...envelope });
    return payload;
  });
}

/** What was recorded since the last call, and forgets it. */
export function takeUntranslatedErrors(): UntranslatedEnvelope[] {
  return found.splice(0, found.length);
}

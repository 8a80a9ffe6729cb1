import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodeForStatus, isGenericErrorCode, type ErrorCode, type ErrorEnvelope } from '@hanabi/api';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * Between Fastify and better-auth's Fetch API: request headers become a `Headers` (with the client IP Fastify
 * trusts), a `Response` becomes a Fastify reply — going through our hooks, so security headers, the XSRF cookie
 * and the error envelope apply to /api/auth/* as to every other route.
 */

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':') || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies `Set-Cookie` headers better-auth produced (server-side API calls) onto a reply. */
export function forwardSetCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

const SKIPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'content-length', 'transfer-encoding', 'connection']);

/**
 * better-auth's error body `{ code, message }` → the Hanabi envelope, keeping its message for 4xx. A refusal that is
 * not of a generic code gets a reason the web words (decision 0205): an unconfigured provider has its own, the rest
 * (a foreign callback URL or origin, an unknown auth path) are the sign-in service refusing.
 */
function toEnvelope(status: number, body: string): ErrorEnvelope {
  let parsed: { code?: unknown; message?: unknown } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // not JSON: keep the defaults
  }
  if (status >= 500) {
    return {
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again later.' },
    };
  }
  const code: ErrorCode =
    parsed.code === 'VALIDATION_ERROR' ? 'VALIDATION_FAILED' : errorCodeForStatus(status);
  const message =
    typeof parsed.message === 'string' && parsed.message
      ? parsed.message
      : status === 404
        ? 'Not found.'
        : 'The request could not be processed.';
  if (isGenericErrorCode(code)) return { error: { code, message } };
  const reason = parsed.code === 'PROVIDER_NOT_FOUND' ? 'signInMethodUnavailable' : 'signInRefused';
  return { error: { code, message, reason } };
}

export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  response.headers.forEach((value, name) => {
    if (!SKIPPED_RESPONSE_HEADERS.has(name)) reply.header(name, value);
  });
  forwardSetCookies(reply, response.headers);
  reply.status(response.status);
  if (response.status >= 400) {
    const envelope = toEnvelope(response.status, await response.text());
    return reply.type('application/json; charset=utf-8').send(envelope);
  }
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length > 0 ? body : undefined);
}

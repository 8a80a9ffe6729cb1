import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** An id a proxy or client may hand us: short, and only characters that are safe in a log line and a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is sane (a proxy's id ties its log to ours), else a
 * fresh UUID. A long or odd one is replaced, never echoed: it would forge log lines or bloat every answer.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  const value = Array.isArray(given) ? given[0] : given;
  return value && SANE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/** Every answer carries `X-Request-Id` (on the raw response, so event streams and hijacked answers do too). */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from './error-handler.ts';
import { AppError } from '../lib/app-error.ts';

/*
 * The last line behind the contract's string primitive (`text()` in `@hanabi/api`, issue 20): whatever a future
 * route or field forgets, a NUL never reaches PostgreSQL (text cannot hold it: the query fails with a 500) and
 * bytes that are not UTF-8 never become text. Every request passes here, contract route or not (better-auth,
 * `/files`, `/ipfs`, the sandbox), before the access hook and any handler.
 */

/** How deep a JSON body may nest. No contract body comes close; deeper ones are refused before any walk. */
export const JSON_MAX_DEPTH = 64;

// `%00` anywhere in the path or query decodes to NUL; a raw NUL byte never gets past Node's HTTP parser.
const ENCODED_NUL = /%00/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const NUL_MESSAGE = 'The request contains a NUL character, which is never valid here.';

/** Where a parsed JSON value holds a NUL (in a key or a string), or is nested too deep; null when clean. */
export function findUnsafeJson(value: unknown): { field: string; message: string } | null {
  // Iterative, so a deeply nested body cannot exhaust the stack.
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: 'body', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return { field: path, message: 'must not contain NUL characters' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= JSON_MAX_DEPTH)
      return { field: path, message: `is nested deeper than ${JSON_MAX_DEPTH} levels` };
    if (Array.isArray(current)) {
      current.forEach((item, index) =>
        stack.push({ value: item, path: `${path}.${index}`, depth: depth + 1 }),
      );
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (key.includes('\u0000')) return { field: path, message: 'has a key with a NUL character' };
      stack.push({ value: item, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

/** The path parameter or query key whose value holds the encoded NUL, to name it in the answer. */
function nulField(request: FastifyRequest): string {
  const queryAt = request.url.indexOf('?');
  const path = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (ENCODED_NUL.test(path)) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const name = Object.keys(params).find((key) => String(params[key]).includes('\u0000'));
    return name ? `params.${name}` : 'params';
  }
  const pair = request.url
    .slice(queryAt + 1)
    .split('&')
    .find((item) => ENCODED_NUL.test(item));
  const key = pair?.split('=')[0] ?? '';
  let name = key;
  try {
    name = decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    // A key that is not valid percent-encoding is named as sent.
  }
  return name && !name.includes('\u0000') ? `query.${name}` : 'query';
}

/**
 * Install before any route or plugin (content-type parsers are inherited when a plugin registers): replaces the
 * JSON parser with one that refuses invalid UTF-8, NUL and absurd nesting (keeping Fastify's prototype-poisoning
 * checks), and answers 400 to a request whose URL carries an encoded NUL.
 */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let source: string;
    try {
      source = utf8.decode(body as Buffer);
    } catch {
      done(new AppError('BAD_REQUEST', 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    parseJson(request, source, (error, parsed) => {
      if (error) return done(error, undefined);
      const unsafe = findUnsafeJson(parsed);
      if (unsafe) {
        const message = unsafe.message.startsWith('must not contain NUL')
          ? NUL_MESSAGE
          : 'The request body is not valid.';
        return done(new AppError('VALIDATION_FAILED', message, [unsafe]), undefined);
      }
      done(null, parsed);
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!ENCODED_NUL.test(request.url)) return;
    return sendError(reply, 'VALIDATION_FAILED', NUL_MESSAGE, [
      { field: nulField(request), message: 'must not contain NUL characters' },
    ]);
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any hook runs (a path that is not valid
 * percent-encoded UTF-8, a path parameter longer than the router allows) answers in the one envelope too.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 'BAD_REQUEST', 'The URL is not valid: it is not percent-encoded UTF-8.');
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 'BAD_REQUEST', 'A part of the URL is too long.');
  }
  return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
}

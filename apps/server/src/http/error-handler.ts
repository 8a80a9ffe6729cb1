import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type {
  ErrorCode,
  ErrorDetail,
  ErrorEnvelope,
  ErrorReason,
  GenericErrorCode,
  ReasonedErrorCode,
} from '@hanabi/api';
import { errorCodeForStatus, errorCodes } from '@hanabi/api';
import { AppError } from '../lib/app-error.ts';
import { isAdapterError } from '../adapters/adapter-error.ts';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';

function envelope(
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  reason?: ErrorReason,
  requestId?: string,
): ErrorEnvelope {
  return {
    error: {
      code,
      message,
      ...(details && details.length > 0 ? { details } : {}),
      ...(reason ? { reason } : {}),
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** As `AppError`: a code the web translates only generically may come without a reason, any other needs one. */
export function sendError(
  reply: FastifyReply,
  code: GenericErrorCode,
  message: string,
  details?: ErrorDetail[],
  reason?: ErrorReason,
): FastifyReply;
export function sendError(
  reply: FastifyReply,
  code: ReasonedErrorCode,
  message: string,
  details: ErrorDetail[] | undefined,
  reason: ErrorReason,
): FastifyReply;
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  reason?: ErrorReason,
): FastifyReply {
  return sendEnvelope(reply, code, message, details, reason);
}

/** The 404 of a path nothing serves (an unknown API path, a page with no app to draw it). */
export function sendNothingHere(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = request.url.split('?')[0] ?? '/';
  return sendError(reply, 'NOT_FOUND', `Nothing at ${request.method} ${pathname}.`, undefined, 'notFound');
}

function sendEnvelope(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: ErrorDetail[],
  reason?: ErrorReason,
): FastifyReply {
  return reply
    .status(errorCodes[code])
    .type('application/json; charset=utf-8')
    .send(envelope(code, message, details, reason, reply.request?.id));
}

/** Fastify's own client-error codes, mapped to our envelope codes and messages a person can act on. */
const fastifyClientErrors: Record<string, { code: GenericErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not accepted.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The Content-Length header is wrong.' },
  FST_ERR_VALIDATION: { code: 'VALIDATION_FAILED', message: 'The request is not valid.' },
};

const validationSourceNames: Record<string, string> = {
  querystring: 'query',
  params: 'params',
  body: 'body',
};

/**
 * The one error envelope: `{ error: { code, message, details? } }` with the status of its code. Client mistakes
 * are 4xx with field names; anything else is a logged 500 that never shows a stack trace or SQL to the client.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError)
      return sendEnvelope(reply, error.code, error.message, error.details, error.reason);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const source =
        validationSourceNames[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
      const details = error.validation.map((issue) => {
        const fieldPath = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return {
          field: fieldPath ? `${source}.${fieldPath}` : source,
          message: issue.message ?? 'is not valid',
        };
      });
      const fields = details.map((detail) => detail.field).join(', ');
      return sendError(reply, 'VALIDATION_FAILED', `Some fields are not valid: ${fields}.`, details);
    }

    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, route: request.routeOptions.url },
        'response did not match its contract',
      );
      return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
    }

    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) return sendEnvelope(reply, known.code, known.message);

    if (error.statusCode === 429) {
      return sendError(reply, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Another client error raised by a plugin; keep its status, but never its internals. Its case is unknown, so
      // the reason is the generic one the reader can still read in their language.
      const code = errorCodeForStatus(error.statusCode);
      return reply
        .status(error.statusCode)
        .send(
          envelope(
            code,
            error.statusCode === 404 ? 'Not found.' : 'The request could not be processed.',
            undefined,
            error.statusCode === 404 ? 'notFound' : 'requestNotProcessed',
            request.id,
          ),
        );
    }

    if (isAdapterError(error) && error.kind !== 'not-found') {
      // An outside system (storage, chain, IPFS) is down or refusing: ours to fix, not the client's, and worth a
      // retry shortly — 503 rather than a 500 that reads as a bug.
      request.log.warn({ err: error }, 'outside system unavailable');
      reply.header('retry-after', String(Math.max(1, Math.ceil((error.retryAfterMs ?? 5000) / 1000))));
      return sendError(
        reply,
        'UNAVAILABLE',
        'A service this needs is unavailable right now. Please try again shortly.',
      );
    }

    if (isDatabaseUnavailable(error)) {
      // The database is away (an outage, a failover) or cancelled a statement that ran too long (decision 0159).
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendError(reply, 'UNAVAILABLE', 'The service is busy or restarting. Please try again shortly.');
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL', 'Something went wrong on our side. Please try again later.');
  });
}

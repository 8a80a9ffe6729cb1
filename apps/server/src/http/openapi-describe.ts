import { ErrorEnvelope, type RouteAccess, type RouteDefinition } from '@hanabi/api';
import { z } from 'zod';

/**
 * Helpers for the operations the contract's route table does not produce (better-auth's endpoints, event streams,
 * tus, OAuth callbacks, the IPFS gateway): the module that serves one states its OpenAPI description in the route's
 * `config.openapi`, and `installOpenApi` merges it into the published document (decision 0216).
 */

/** A loose OpenAPI 3.1 operation object (the linter checks the document, not the type). */
export type OpenApiOperation = Record<string, unknown> & {
  operationId: string;
  summary: string;
  tags: string[];
};
/** OpenAPI paths (`{param}` form) → lower-case method → operation. */
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The OpenAPI description of a route the contract does not describe (its schema is hidden). */
    openapi?: OpenApiPaths;
  }
}

export const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';

/** The JSON error envelope every error answer carries, as a document component. */
export const errorEnvelopeSchema = z.toJSONSchema(ErrorEnvelope, { unrepresentable: 'any' });

/** An error answer in the JSON envelope. */
export function errorResponse(description: string, headers?: Record<string, unknown>) {
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE_REF } } },
  };
}

/** The per-IP budget every API route shares (security.ts): any of them may answer 429. */
export const rateLimited = {
  429: errorResponse('Too many requests from this address', {
    'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
  }),
};

/**
 * Answers any operation may give, whatever it does (decision 0222): the per-IP budget every route shares
 * (security.ts), an unexpected error, and the database or a process that is away (decision 0159). Added to each
 * operation that does not state its own, so a client's generated code knows their shape.
 */
export const sharedResponses = {
  ...rateLimited,
  500: errorResponse('Unexpected error (`INTERNAL`; the log has it under the request id)'),
  503: errorResponse(
    'Unavailable for now (`UNAVAILABLE`: the database or a needed service is away); retry later',
  ),
};

/** A request with a body may be refused for its size (BODY_LIMIT_BYTES) before anything reads it. */
export const tooLarge = { 413: errorResponse('The body is larger than this server accepts') };

/** Who may call, as OpenAPI says it: nobody in particular (`[]`), or a session by cookie or bearer token. */
export function securityFor(access: RouteAccess | undefined): Record<string, string[]>[] {
  return access === 'public' ? [] : [{ cookieAuth: [] }, { bearerAuth: [] }];
}

/** The vendor extension naming a signed-in route's role (OpenAPI has no roles; the access hook enforces them). */
export function accessExtension(access: RouteAccess | undefined): Record<string, string> {
  return access && access !== 'public' ? { 'x-hanabi-access': access } : {};
}

/** `/api/x/:id` → `/api/x/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function jsonContent(schema: z.ZodType, io: 'input' | 'output') {
  return { 'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) } };
}

/**
 * An operation for a contract route the server does not register itself (better-auth serves `authEndpoints`):
 * the same name, summary, body and answer as the contract states, with the answers better-auth gives on errors.
 */
export function contractOperation(
  operationId: string,
  tag: string,
  route: RouteDefinition,
  errors: Record<number, string>,
): Record<string, OpenApiOperation> {
  const operation: OpenApiOperation = {
    operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [tag],
    security: securityFor(route.access),
    ...accessExtension(route.access),
    ...(route.body ? { requestBody: { required: true, content: jsonContent(route.body, 'input') } } : {}),
    responses: {
      [route.successStatus ?? 200]: {
        description: 'Success',
        content: jsonContent(route.response, 'output'),
      },
      ...Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, errorResponse(text)])),
    },
  };
  return { [route.method.toLowerCase()]: operation };
}

/** A `text/event-stream` answer: frames `event: <name>` / `data: <JSON of dataSchema>`, then a heartbeat comment. */
export function eventStreamResponse(description: string, dataSchema: z.ZodType) {
  return {
    description,
    content: {
      'text/event-stream': {
        schema: { type: 'string' },
        // OpenAPI 3.1 cannot type the events of a stream; the JSON Schema of each event's `data` rides along.
        'x-event-data': z.toJSONSchema(dataSchema, { io: 'output', unrepresentable: 'any' }),
      },
    },
  };
}

/** A redirect answer (OAuth callbacks, e-mail links): where the browser goes next is in `Location`. */
export function redirectResponse(description: string) {
  return {
    description,
    headers: {
      Location: {
        description: 'Where the browser goes next (a page of this site).',
        schema: { type: 'string' },
      },
    },
  };
}

/** A path parameter of an operation described by hand. */
export function pathParameter(name: string, description: string) {
  return { name, in: 'path', required: true, description, schema: { type: 'string' } };
}

/** A query parameter of an operation described by hand. */
export function queryParameter(name: string, description: string, required = false) {
  return { name, in: 'query', required, description, schema: { type: 'string' } };
}

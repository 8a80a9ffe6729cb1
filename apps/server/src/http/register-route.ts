import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, type RouteDefinition } from '@hanabi/api';
import { z } from 'zod';
import type { SessionUser } from './session.ts';
import { contractRouteDoc } from './openapi-areas.ts';

/** The parsed (output) type of one of a route's schemas, or the fallback when the route declares none. */
type Parsed<R, K extends string, Fallback> = R extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : Fallback;

export interface RouteContext<R extends RouteDefinition> {
  params: Parsed<R, 'params', Record<string, never>>;
  query: Parsed<R, 'query', Record<string, never>>;
  body: Parsed<R, 'body', undefined>;
  session: SessionUser | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<R extends RouteDefinition> = (context: RouteContext<R>) =>
  | Promise<z.input<R['response']> | FastifyReply>
  | z.input<R['response']>
  // A reply already sent (e.g. a cached JSON body by `sendJson`).
  | FastifyReply;

const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 422, 429] as const;

// A cacheable read answers a matching If-None-Match with an empty 304 (read-cache.ts `sendJson`); `null` tells
// the OpenAPI generator the answer has no body.
const notModified = z.null().describe('Not modified: the If-None-Match ETag still names the current answer');

/**
 * Registers one route of the contract: its schemas validate the input and shape the output (and feed OpenAPI),
 * its `access` goes into the route config for the access hook. Handlers stay thin: validate, call one service.
 */
export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: { cacheable?: boolean } = {},
): void {
  const successStatus = route.successStatus ?? 200;
  // The route's name in the contract is its operationId; its contract file is its tag (decision 0216).
  const doc = contractRouteDoc(route);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    config: {
      access: route.access,
      ...(options.cacheable ? { cacheable: true } : {}),
      ...(route.unauthenticatedMessage ? { unauthenticatedMessage: route.unauthenticatedMessage } : {}),
    },
    schema: {
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(doc ? { operationId: doc.operationId, tags: [doc.tag] } : {}),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      response: {
        [successStatus]: route.response,
        ...Object.fromEntries(errorStatuses.map((status) => [status, ErrorEnvelope])),
        ...(options.cacheable ? { 304: notModified } : {}),
        ...route.otherResponses,
      },
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as RouteContext<R>['params'],
        query: request.query as RouteContext<R>['query'],
        body: request.body as RouteContext<R>['body'],
        session: request.session,
        request,
        reply,
      });
      // A handler may choose another declared status (e.g. 503 from readiness); otherwise the success status.
      if (reply.statusCode === 200) reply.status(successStatus);
      return successStatus === 204 ? reply.send() : result;
    },
  });
}

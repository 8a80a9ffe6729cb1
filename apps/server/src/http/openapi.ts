import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublicPlugin } from './public-routes.ts';
import { openApiAreas } from './openapi-areas.ts';
import {
  accessExtension,
  errorEnvelopeSchema,
  securityFor,
  sharedResponses,
  tooLarge,
  type OpenApiPaths,
} from './openapi-describe.ts';

/**
 * OpenAPI 3.1 generated from the contract package's zod schemas (decision 0216); JSON at /api/docs/json, UI at
 * /api/docs. Contract routes bring their name (operationId), area (tag) and summary through `registerRoute`; every
 * route's `access` becomes its `security`; routes outside the contract add their own description in
 * `config.openapi`, merged here. `npm run lint:openapi` lints the result in CI.
 */
export async function installOpenApi(app: FastifyInstance, publicOrigin: string): Promise<void> {
  // Collected as routes are added (every scope inherits this hook), read when the document is first asked for.
  const described: OpenApiPaths[] = [];
  app.addHook('onRoute', (route) => {
    if (route.config?.openapi) described.push(route.config.openapi);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hanabi API',
        description: 'Live-stream prize campaigns: every call, its input, its answer and who may call it.',
        version: '0.1.0',
      },
      servers: [{ url: publicOrigin }],
      tags: openApiAreas.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          cookieAuth: {
            type: 'apiKey',
            in: 'cookie',
            name: 'hanabi.session_token',
            description:
              "better-auth's session cookie (`__Secure-hanabi.session_token` over HTTPS). A write sent with it " +
              'must echo the `XSRF-TOKEN` cookie in the `X-XSRF-TOKEN` header.',
          },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token (`session.token` of `GET /api/auth/get-session`); no XSRF header needed.',
          },
        },
        schemas: { ErrorEnvelope: errorEnvelopeSchema as Record<string, unknown> },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return { url, schema: { ...schema, security: securityFor(access), ...accessExtension(access) } };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const paths = { ...openapiObject.paths } as Record<string, Record<string, unknown>>;
      for (const more of described) {
        for (const [path, operations] of Object.entries(more))
          paths[path] = { ...paths[path], ...operations };
      }
      for (const item of Object.values(paths)) {
        for (const [method, operation] of Object.entries(item))
          withSharedResponses(method, operation as OperationResponses);
      }
      return { ...openapiObject, paths } as typeof openapiObject;
    },
  });
  await registerPublicPlugin(
    app,
    async (scope) => {
      await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
    },
    { sessionless: true },
  );
}

interface OperationResponses {
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** Methods whose body Fastify reads, and refuses past the body limit, whether or not the operation takes one. */
const READS_BODY = new Set(['post', 'put', 'patch', 'delete', 'options']);

/** The answers any operation may give (and any that may be sent a body), where it does not describe its own. */
function withSharedResponses(method: string, operation: OperationResponses): void {
  const shared = {
    ...sharedResponses,
    ...(operation.requestBody || READS_BODY.has(method) ? tooLarge : {}),
  };
  operation.responses = { ...shared, ...operation.responses };
}

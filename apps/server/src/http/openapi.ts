import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registerPublicPlugin } from './public-routes.ts';

/** OpenAPI 3 generated from the contract package's zod schemas; JSON at /api/docs/json, UI at /api/docs. */
export async function installOpenApi(app: FastifyInstance, publicOrigin: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Hanabi API',
        description: 'Live-stream prize campaigns: every call, its input, its answer and who may call it.',
        version: '0.1.0',
      },
      servers: [{ url: publicOrigin }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer' },
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'hanabi.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await registerPublicPlugin(
    app,
    async (scope) => {
      await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
    },
    { sessionless: true },
  );
}

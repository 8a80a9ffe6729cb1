import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_ASSET_ID_HEADER, UPLOAD_SIGN_IN_AGAIN_MESSAGE, UPLOAD_TUS_PATH } from '@hanabi/api';
import { sendError } from '../../http/error-handler.ts';
import { requireSession } from '../../http/session.ts';
import { envelopeText } from './tus-errors.ts';
import { tusOpenApi } from './tus.openapi.ts';
import { TUS_OWNER_HEADER, type TusUploads } from './tus-uploads.ts';

const NO_STORE = 'no-store';

function toWebRequest(request: FastifyRequest, origin: string, ownerId: string | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === TUS_OWNER_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (ownerId) headers.set(TUS_OWNER_HEADER, ownerId);
  const hasBody = request.method === 'POST' || request.method === 'PATCH';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status).header('cache-control', NO_STORE);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const text = await response.text();
  if (response.status >= 400) {
    return reply.type('application/json; charset=utf-8').send(envelopeText(response.status, text));
  }
  return text ? reply.send(text) : reply.send();
}

/**
 * Mounts the tus server at `/api/uploads/tus` (creation) and `/api/uploads/tus/{id}` (HEAD, PATCH, DELETE) for
 * signed-in streamers, in a scope that leaves request bodies unread for tus to stream. An upload is only ever
 * visible to its owner (others get 404); HEAD on an upload that already finished answers its full offset, so a
 * client resuming after a lost final answer completes and then reads `GET /api/upload/result/{id}`.
 */
export async function registerTusRoutes(
  app: FastifyInstance,
  tus: TusUploads,
  options: { publicOrigin: string },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const config = { access: 'streamer' as const, unauthenticatedMessage: UPLOAD_SIGN_IN_AGAIN_MESSAGE };
    // Raw tus bodies and headers the generator cannot infer: every tus operation is described in tusOpenApi.
    const documented = { ...config, openapi: tusOpenApi };

    const forward = async (request: FastifyRequest, reply: FastifyReply, ownerId: string | null) =>
      sendWebResponse(
        reply,
        await tus.server.handleWeb(toWebRequest(request, options.publicOrigin, ownerId)),
      );

    scope.route({
      method: 'POST',
      url: UPLOAD_TUS_PATH,
      config: documented,
      schema: { hide: true },
      handler: (request, reply) => forward(request, reply, requireSession(request.session).userId),
    });

    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: `${UPLOAD_TUS_PATH}/:id`,
      config,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: async (request, reply) => {
        const ownerId = requireSession(request.session).userId!;
        const { id } = request.params as { id: string };
        const state = await tus.stateOf(ownerId, id);
        if (state.state === 'unknown' || state.state === 'foreign') {
          reply.header('tus-resumable', '1.0.0').header('cache-control', NO_STORE);
          return sendError(reply, 'NOT_FOUND', 'No upload with this id.', undefined, 'uploadNotFound');
        }
        if (state.state === 'finished') {
          reply.header('tus-resumable', '1.0.0').header('cache-control', NO_STORE);
          if (request.method !== 'HEAD')
            return sendError(reply, 'NOT_FOUND', 'This upload has finished.', undefined, 'uploadFinished');
          return reply
            .status(200)
            .header('upload-offset', String(state.size))
            .header('upload-length', String(state.size))
            .header(UPLOAD_ASSET_ID_HEADER, state.assetId)
            .send();
        }
        return forward(request, reply, ownerId);
      },
    });

    scope.route({
      method: 'OPTIONS',
      url: UPLOAD_TUS_PATH,
      config: { access: 'public' },
      schema: { hide: true },
      handler: (request, reply) => forward(request, reply, null),
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SandboxAutoChatterBody,
  type SandboxPlatform,
  SandboxPostMessageBody,
  SandboxSettingsBody,
  SandboxStartStreamBody,
  type SandboxAccountView,
  type SandboxMessageView,
  type SandboxState,
  type SandboxStreamView,
} from '@hanabi/api';
import { sendError } from '../../http/error-handler.ts';
import type { SandboxMessage, SandboxStore, SandboxStream } from './sandbox.store.ts';
import type { AutoChatterInput, SandboxConsoleService } from './sandbox-console.service.ts';

/**
 * The chat console API, `/sandbox/api/…` (embedded only, outside the route table on purpose: it drives the
 * fake platforms, not Hanabi; its shapes are @hanabi/api's sandbox-console.ts). Open like the dev mailbox:
 * there is nothing real behind it.
 */
const CONSOLE = { access: 'public', rateLimit: false } as const;

const streamParams = z.object({ streamId: z.string().min(1) });

const streamView = (s: SandboxStream): SandboxStreamView => ({
  platform: s.platform,
  id: s.id,
  ownerId: s.ownerId,
  title: s.title,
  liveChatId: s.liveChatId,
  startedAt: s.startedAt.toISOString(),
  endedAt: s.endedAt?.toISOString() ?? null,
});

const messageView = (m: SandboxMessage): SandboxMessageView => ({
  id: m.id,
  type: m.type,
  authorId: m.authorId,
  text: m.text,
  isMember: m.isMember,
  isModerator: m.isModerator,
  superChat: m.superChat,
  deletedMessageId: m.deletedMessageId,
  publishedAt: m.publishedAt.toISOString(),
  removed: m.removed,
});

export function registerSandboxConsoleRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  service: SandboxConsoleService,
): void {
  app.get('/sandbox/api/state', { config: CONSOLE }, async (): Promise<SandboxState> => ({
    accounts: store
      .accounts()
      .map(({ platform, id, screenId, name, imageUrl, selectable }): SandboxAccountView => ({
        platform,
        id,
        screenId,
        name,
        imageUrl,
        selectable,
      })),
    streams: store.streams().map((s) => ({ ...streamView(s), autoChatter: service.autoChatter(s.id) })),
    settings: store.settings(),
  }));

  app.put(
    '/sandbox/api/settings',
    {
      config: CONSOLE,
      schema: {
        body: SandboxSettingsBody,
      },
    },
    async (request) => store.updateSettings(request.body as SandboxSettingsBody),
  );

  app.post(
    '/sandbox/api/streams',
    {
      config: CONSOLE,
      schema: {
        body: SandboxStartStreamBody,
      },
    },
    async (request, reply) => {
      const body = request.body as { platform: SandboxPlatform; ownerId: string; title: string };
      const stream = service.startStream(body.platform, body.ownerId, body.title);
      if (!stream)
        return sendError(reply, 'NOT_FOUND', 'No such fake account on that platform.', undefined, 'notFound');
      return reply.code(201).send(streamView(stream));
    },
  );

  app.post(
    '/sandbox/api/streams/:streamId/end',
    { config: CONSOLE, schema: { params: streamParams } },
    async (request, reply) => {
      const stream = service.endStream((request.params as { streamId: string }).streamId);
      if (!stream) return sendError(reply, 'NOT_FOUND', 'No such sandbox stream.', undefined, 'notFound');
      return streamView(stream);
    },
  );

  app.get(
    '/sandbox/api/streams/:streamId/messages',
    { config: CONSOLE, schema: { params: streamParams } },
    async (request) => ({
      messages: store.messages((request.params as { streamId: string }).streamId).map(messageView),
    }),
  );

  app.post(
    '/sandbox/api/streams/:streamId/messages',
    {
      config: CONSOLE,
      schema: {
        params: streamParams,
        body: SandboxPostMessageBody,
      },
    },
    async (request, reply) => {
      const result = service.post(
        (request.params as { streamId: string }).streamId,
        request.body as SandboxPostMessageBody,
      );
      if (result === 'no-stream')
        return sendError(reply, 'NOT_FOUND', 'No such sandbox stream.', undefined, 'notFound');
      if (result === 'no-author')
        return sendError(reply, 'NOT_FOUND', 'No such fake account on that platform.', undefined, 'notFound');
      if (result === 'ended')
        return sendError(reply, 'CONFLICT', 'This stream has ended.', undefined, 'sandboxStreamEnded');
      return reply.code(201).send(messageView(result));
    },
  );

  app.delete(
    '/sandbox/api/streams/:streamId/messages/:messageId',
    {
      config: CONSOLE,
      schema: { params: z.object({ streamId: z.string().min(1), messageId: z.string().min(1) }) },
    },
    async (request, reply) => {
      const { streamId, messageId } = request.params as { streamId: string; messageId: string };
      if (!service.deleteMessage(streamId, messageId))
        return sendError(reply, 'NOT_FOUND', 'No such message.', undefined, 'notFound');
      return reply.code(204).send();
    },
  );

  app.put(
    '/sandbox/api/streams/:streamId/auto-chatter',
    {
      config: CONSOLE,
      schema: {
        params: streamParams,
        body: SandboxAutoChatterBody,
      },
    },
    async (request, reply) => {
      const { streamId } = request.params as { streamId: string };
      const started = service.startAutoChatter(streamId, request.body as AutoChatterInput);
      if (!started)
        return sendError(reply, 'NOT_FOUND', 'No live sandbox stream with that id.', undefined, 'notFound');
      return { autoChatter: service.autoChatter(streamId) };
    },
  );

  app.delete(
    '/sandbox/api/streams/:streamId/auto-chatter',
    { config: CONSOLE, schema: { params: streamParams } },
    async (request, reply) => {
      service.stopAutoChatter((request.params as { streamId: string }).streamId);
      return reply.code(204).send();
    },
  );
}

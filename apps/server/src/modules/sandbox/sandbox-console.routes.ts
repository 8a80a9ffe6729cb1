import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendError } from '../../http/error-handler.ts';
import type { SandboxMessage, SandboxStore, SandboxStream } from './sandbox.store.ts';
import type { SandboxConsoleService } from './sandbox-console.service.ts';

/**
 * The chat console API, `/sandbox/api/…` (embedded only, outside the /api contract on purpose: it drives the
 * fake platforms, not Hanabi). Open like the dev mailbox: there is nothing real behind it.
 */
const CONSOLE = { access: 'public', rateLimit: false } as const;

const platform = z.enum(['youtube', 'twitcasting']);
const streamParams = z.object({ streamId: z.string().min(1) });

const streamView = (s: SandboxStream) => ({
  platform: s.platform,
  id: s.id,
  ownerId: s.ownerId,
  title: s.title,
  liveChatId: s.liveChatId,
  startedAt: s.startedAt.toISOString(),
  endedAt: s.endedAt?.toISOString() ?? null,
});

const messageView = (m: SandboxMessage) => ({
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
  app.get('/sandbox/api/state', { config: CONSOLE }, async () => ({
    accounts: store.accounts().map(({ platform, id, screenId, name, imageUrl, selectable }) => ({
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
        body: z
          .object({
            youtubeQuotaLimit: z.number().int().min(0),
            youtubeQuotaUsed: z.number().int().min(0),
            youtubePollingIntervalMillis: z.number().int().min(0).max(60_000),
            twitcastingRateLimit: z.number().int().min(1),
            twitcastingWindowSeconds: z.number().int().min(1).max(3600),
            twitcastingLimitStatus: z.union([z.literal(403), z.literal(429)]),
            twitcastingCallbackUrl: z.url(),
          })
          .partial(),
      },
    },
    async (request) => store.updateSettings(request.body as Parameters<SandboxStore['updateSettings']>[0]),
  );

  app.post(
    '/sandbox/api/streams',
    {
      config: CONSOLE,
      schema: {
        body: z.object({
          platform,
          ownerId: z.string().min(1),
          title: z.string().min(1).max(100).default('Sandbox live'),
        }),
      },
    },
    async (request, reply) => {
      const body = request.body as { platform: 'youtube' | 'twitcasting'; ownerId: string; title: string };
      const stream = service.startStream(body.platform, body.ownerId, body.title);
      if (!stream) return sendError(reply, 'NOT_FOUND', 'No such fake account on that platform.');
      return reply.code(201).send(streamView(stream));
    },
  );

  app.post(
    '/sandbox/api/streams/:streamId/end',
    { config: CONSOLE, schema: { params: streamParams } },
    async (request, reply) => {
      const stream = service.endStream((request.params as { streamId: string }).streamId);
      if (!stream) return sendError(reply, 'NOT_FOUND', 'No such sandbox stream.');
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
        body: z.object({
          authorId: z.string().min(1).optional(),
          authorName: z.string().min(1).max(60).optional(),
          text: z.string().max(200),
          member: z.boolean().optional(),
          moderator: z.boolean().optional(),
          owner: z.boolean().optional(),
          membership: z.boolean().optional(),
          superChat: z
            .object({ amountMicros: z.string().regex(/^\d{1,15}$/), currency: z.string().length(3) })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const result = service.post(
        (request.params as { streamId: string }).streamId,
        request.body as Parameters<SandboxConsoleService['post']>[1],
      );
      if (result === 'no-stream') return sendError(reply, 'NOT_FOUND', 'No such sandbox stream.');
      if (result === 'no-author')
        return sendError(reply, 'NOT_FOUND', 'No such fake account on that platform.');
      if (result === 'ended') return sendError(reply, 'CONFLICT', 'This stream has ended.');
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
        return sendError(reply, 'NOT_FOUND', 'No such message.');
      return reply.code(204).send();
    },
  );

  app.put(
    '/sandbox/api/streams/:streamId/auto-chatter',
    {
      config: CONSOLE,
      schema: {
        params: streamParams,
        body: z.object({
          viewers: z.number().int().min(1).max(10_000),
          perSecond: z.number().min(0.1).max(100),
          keyword: z.string().min(1).max(50).optional(),
          keywordShare: z.number().min(0).max(1).default(0.5),
          memberShare: z.number().min(0).max(1).default(0),
        }),
      },
    },
    async (request, reply) => {
      const { streamId } = request.params as { streamId: string };
      const started = service.startAutoChatter(
        streamId,
        request.body as Parameters<SandboxConsoleService['startAutoChatter']>[1],
      );
      if (!started) return sendError(reply, 'NOT_FOUND', 'No live sandbox stream with that id.');
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

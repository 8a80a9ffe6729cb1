import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  SandboxAccount,
  SandboxGrant,
  SandboxMessage,
  SandboxStore,
  SandboxStream,
} from './sandbox.store.ts';
import { SANDBOX_ROUTE } from './sandbox-route-config.ts';
import { streamChat } from './sandbox-youtube-stream.ts';

/**
 * A fake YouTube Data API v3 (youtube.md): channels, liveBroadcasts, videos and liveChat/messages with Google's
 * error envelope, opaque page tokens, pollingIntervalMillis, offlineAt, chatEndedEvent and a daily quota.
 */
const BASE = '/sandbox/youtube/youtube/v3';

const QUOTA = { channels: 1, videos: 1, liveBroadcasts: 5, messages: 5 } as const;

function googleError(reply: FastifyReply, code: number, reason: string, domain: string, message: string) {
  return reply.code(code).send({ error: { code, message, errors: [{ message, domain, reason }] } });
}

const etag = () => crypto.randomBytes(12).toString('base64url');

/** Page tokens are opaque to clients; ours carry the chat and the last sequence number read. */
function encodeToken(liveChatId: string, seq: number): string {
  return Buffer.from(JSON.stringify([liveChatId, seq])).toString('base64url');
}

function decodeToken(token: string, liveChatId: string): number | null {
  try {
    const [chat, seq] = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as [unknown, unknown];
    return chat === liveChatId && typeof seq === 'number' && Number.isInteger(seq) && seq >= 0 ? seq : null;
  } catch {
    return null;
  }
}

export function registerSandboxYouTubeRoutes(app: FastifyInstance, store: SandboxStore): void {
  /** Last poll per token and chat: polling faster than pollingIntervalMillis is refused, as YouTube does. */
  const lastPoll = new Map<string, number>();

  function pollingTooFast(request: FastifyRequest, liveChatId: string): boolean {
    const interval = store.settings().youtubePollingIntervalMillis;
    const now = Date.now();
    const key = `${request.headers.authorization ?? ''} ${liveChatId}`;
    const previous = lastPoll.get(key);
    lastPoll.set(key, now);
    if (lastPoll.size > 10_000) {
      for (const [other, at] of lastPoll) if (now - at > 60_000) lastPoll.delete(other);
    }
    // Some slack for timers firing a little early; a poller honouring the interval never trips it.
    return previous !== undefined && now - previous < interval * 0.8;
  }

  /** Every request costs quota, refused ones included (Google's rule); `null` = the reply was already sent. */
  function authorize(
    request: FastifyRequest,
    reply: FastifyReply,
    cost: number,
    options: { allowApiKey?: boolean } = {},
  ): SandboxGrant | 'key' | null {
    const settings = store.settings();
    if (settings.youtubeQuotaUsed + cost > settings.youtubeQuotaLimit) {
      void googleError(
        reply,
        403,
        'quotaExceeded',
        'youtube.quota',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      );
      return null;
    }
    store.updateSettings({ youtubeQuotaUsed: settings.youtubeQuotaUsed + cost });
    const header = request.headers.authorization ?? '';
    const grant = header.startsWith('Bearer ') ? store.grantForAccessToken('youtube', header.slice(7)) : null;
    if (grant) return grant;
    const key = (request.query as Record<string, string | undefined>).key;
    if (!header && options.allowApiKey && key) return 'key';
    void googleError(
      reply,
      401,
      'authError',
      'global',
      'Request had invalid authentication credentials. Expected OAuth 2 access token.',
    );
    return null;
  }

  const account = (id: string) => store.account('youtube', id);

  function broadcastItem(stream: SandboxStream) {
    const owner = account(stream.ownerId);
    const live = !stream.endedAt;
    return {
      kind: 'youtube#liveBroadcast',
      etag: etag(),
      id: stream.id,
      snippet: {
        publishedAt: stream.startedAt.toISOString(),
        channelId: stream.ownerId,
        title: stream.title,
        description: '',
        thumbnails: { default: { url: owner?.imageUrl ?? '', width: 120, height: 90 } },
        scheduledStartTime: stream.startedAt.toISOString(),
        actualStartTime: stream.startedAt.toISOString(),
        ...(stream.endedAt ? { actualEndTime: stream.endedAt.toISOString() } : {}),
        isDefaultBroadcast: false,
        ...(live ? { liveChatId: stream.liveChatId } : {}),
      },
      status: {
        lifeCycleStatus: live ? 'live' : 'complete',
        privacyStatus: 'public',
        recordingStatus: live ? 'recording' : 'recorded',
        madeForKids: false,
        selfDeclaredMadeForKids: false,
      },
    };
  }

  app.get(`${BASE}/channels`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const grant = authorize(request, reply, QUOTA.channels);
    if (!grant || grant === 'key') return reply;
    const q = request.query as Record<string, string | undefined>;
    if (q.mine !== 'true')
      return googleError(reply, 400, 'missingRequiredParameter', 'youtube.parameter', 'No filter selected.');
    const channel = account(grant.accountId) as SandboxAccount;
    return reply.send({
      kind: 'youtube#channelListResponse',
      etag: etag(),
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [
        {
          kind: 'youtube#channel',
          etag: etag(),
          id: channel.id,
          snippet: {
            title: channel.name,
            description: '',
            customUrl: `@${channel.screenId}`,
            publishedAt: '2020-01-01T00:00:00Z',
            thumbnails: {
              default: { url: channel.imageUrl, width: 88, height: 88 },
              medium: { url: channel.imageUrl, width: 240, height: 240 },
              high: { url: channel.imageUrl, width: 800, height: 800 },
            },
            localized: { title: channel.name, description: '' },
          },
        },
      ],
    });
  });

  app.get(`${BASE}/liveBroadcasts`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const grant = authorize(request, reply, QUOTA.liveBroadcasts);
    if (!grant || grant === 'key') return reply;
    const q = request.query as Record<string, string | undefined>;
    const filters = [q.broadcastStatus, q.id, q.mine].filter(Boolean).length;
    if (filters !== 1) {
      return googleError(
        reply,
        400,
        'incompatibleParameters',
        'youtube.parameter',
        'Specify exactly one of broadcastStatus, id or mine.',
      );
    }
    // broadcastType defaults to `event`; the sandbox's streams are events, so every type includes them.
    const own = store.streams().filter((s) => s.platform === 'youtube' && s.ownerId === grant.accountId);
    const status = q.broadcastStatus;
    const items = own.filter((s) =>
      q.id
        ? q.id.split(',').includes(s.id)
        : status === 'active'
          ? !s.endedAt
          : status === 'completed'
            ? Boolean(s.endedAt)
            : status === 'upcoming'
              ? false
              : true,
    );
    return reply.send({
      kind: 'youtube#liveBroadcastListResponse',
      etag: etag(),
      pageInfo: { totalResults: items.length, resultsPerPage: Number(q.maxResults ?? 5) },
      items: items.map(broadcastItem),
    });
  });

  app.get(`${BASE}/videos`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!authorize(request, reply, QUOTA.videos, { allowApiKey: true })) return reply;
    const q = request.query as Record<string, string | undefined>;
    const ids = (q.id ?? '').split(',').filter(Boolean);
    const streams = ids
      .map((id) => store.stream(id))
      .filter((s): s is SandboxStream => s?.platform === 'youtube');
    return reply.send({
      kind: 'youtube#videoListResponse',
      etag: etag(),
      pageInfo: { totalResults: streams.length, resultsPerPage: streams.length },
      items: streams.map((s) => ({
        kind: 'youtube#video',
        etag: etag(),
        id: s.id,
        snippet: { channelId: s.ownerId, title: s.title, liveBroadcastContent: s.endedAt ? 'none' : 'live' },
        liveStreamingDetails: {
          actualStartTime: s.startedAt.toISOString(),
          ...(s.endedAt ? { actualEndTime: s.endedAt.toISOString() } : {}),
          ...(s.endedAt ? {} : { concurrentViewers: '42', activeLiveChatId: s.liveChatId }),
        },
      })),
    });
  });

  /**
   * What `list` and `stream` share: the chat asked for and the sequence number to read after, or null when an
   * error was already sent (unknown chat, bad token, a chat that ended and was read to its end).
   */
  function openChat(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { maxResults: number; checkPace: boolean },
  ): { stream: SandboxStream; liveChatId: string; after: number } | null {
    const q = request.query as Record<string, string | undefined>;
    if (!q.liveChatId || !q.part) {
      void googleError(reply, 400, 'required', 'global', 'Required parameter: liveChatId, part');
      return null;
    }
    const stream = store.streamByLiveChatId(q.liveChatId);
    if (!stream) {
      void googleError(
        reply,
        404,
        'liveChatNotFound',
        'youtube.liveChat',
        'The live chat that you are trying to retrieve cannot be found.',
      );
      return null;
    }
    if (options.checkPace && pollingTooFast(request, q.liveChatId)) {
      void googleError(
        reply,
        403,
        'rateLimitExceeded',
        'youtube.liveChat',
        'The request was sent too soon after the previous one.',
      );
      return null;
    }
    const log = store.messages(stream.id);
    let after: number;
    if (q.pageToken) {
      const seq = decodeToken(q.pageToken, q.liveChatId);
      if (seq === null) {
        void googleError(reply, 400, 'pageTokenInvalid', 'youtube.liveChat', 'The page token is invalid.');
        return null;
      }
      after = seq;
    } else {
      // The first call shows only recent history: nothing older than this window can be fetched.
      after = Math.max(log.length - options.maxResults, 0);
    }
    const ended = log.find((m) => m.type === 'chatEnded');
    if (stream.endedAt && (!q.pageToken || (ended && after >= ended.seq))) {
      void googleError(reply, 403, 'liveChatEnded', 'youtube.liveChat', 'The live chat is no longer live.');
      return null;
    }
    return { stream, liveChatId: q.liveChatId, after };
  }

  /** One `liveChatMessageListResponse` of the messages after `after` (at most `max`), and where it stopped. */
  function page(chat: { stream: SandboxStream; liveChatId: string; after: number }, max: number) {
    const log = store.messages(chat.stream.id);
    const ended = log.find((m) => m.type === 'chatEnded');
    const window = log.filter((m) => m.seq > chat.after).slice(0, max);
    const last = window.at(-1)?.seq ?? chat.after;
    const visible = window.filter((m) => !m.removed);
    const offline = Boolean(ended && window.includes(ended));
    return {
      last,
      offline,
      body: {
        kind: 'youtube#liveChatMessageListResponse',
        etag: etag(),
        nextPageToken: encodeToken(chat.liveChatId, last),
        ...(offline ? { offlineAt: chat.stream.endedAt!.toISOString() } : {}),
        pageInfo: { totalResults: visible.length, resultsPerPage: visible.length },
        items: visible.map((m) => messageItem(store, chat.stream, m)),
      },
    };
  }

  app.get(`${BASE}/liveChat/messages`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!authorize(request, reply, QUOTA.messages)) return reply;
    const maxResults = Number((request.query as { maxResults?: string }).maxResults ?? 500);
    if (!Number.isInteger(maxResults) || maxResults < 200 || maxResults > 2000) {
      return googleError(reply, 400, 'invalidValue', 'youtube.parameter', 'maxResults must be 200–2000.');
    }
    const chat = openChat(request, reply, { maxResults, checkPace: true });
    if (!chat) return reply;
    const { body } = page(chat, maxResults);
    return reply.send({ ...body, pollingIntervalMillis: store.settings().youtubePollingIntervalMillis });
  });

  app.get(`${BASE}/liveChat/messages/stream`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    if (!authorize(request, reply, QUOTA.messages)) return reply;
    const settings = store.settings();
    if (settings.youtubeStreamMode === 'off') {
      return googleError(reply, 404, 'notFound', 'global', 'The requested method was not found.');
    }
    // `maxResults` is not used when streaming (stream_list.proto); the first answer is the recent history.
    const chat = openChat(request, reply, { maxResults: 500, checkPace: false });
    if (!chat) return reply;
    streamChat(reply, store, chat.stream.id, settings, (always) => {
      const next = page(chat, 2000);
      if (!always && next.last === chat.after) return null;
      chat.after = next.last;
      return next;
    });
    return reply;
  });
}

function messageItem(store: SandboxStore, stream: SandboxStream, m: SandboxMessage) {
  const author = store.account('youtube', m.authorId);
  const isOwner = m.authorId === stream.ownerId;
  const amount = m.superChat ? (Number(m.superChat.amountMicros) / 1_000_000).toFixed(2) : '';
  const snippet: Record<string, unknown> = {
    type: {
      text: 'textMessageEvent',
      superChat: 'superChatEvent',
      membership: 'memberMilestoneChatEvent',
      deleted: 'messageDeletedEvent',
      chatEnded: 'chatEndedEvent',
    }[m.type],
    liveChatId: stream.liveChatId,
    authorChannelId: m.authorId,
    publishedAt: m.publishedAt.toISOString(),
    hasDisplayContent: m.type !== 'chatEnded',
  };
  if (m.type === 'text')
    Object.assign(snippet, { displayMessage: m.text, textMessageDetails: { messageText: m.text } });
  if (m.type === 'superChat' && m.superChat) {
    const display = `${m.superChat.currency} ${amount}`;
    Object.assign(snippet, {
      displayMessage: `${display} from ${author?.name ?? ''}: "${m.text}"`,
      superChatDetails: {
        amountMicros: m.superChat.amountMicros,
        currency: m.superChat.currency,
        amountDisplayString: display,
        userComment: m.text,
        tier: 2,
      },
    });
  }
  if (m.type === 'membership') {
    Object.assign(snippet, {
      displayMessage: m.text,
      memberMilestoneChatDetails: { userComment: m.text, memberMonth: 3, memberLevelName: 'Member' },
    });
  }
  if (m.type === 'deleted') {
    Object.assign(snippet, {
      displayMessage: 'A message was deleted.',
      messageDeletedDetails: { deletedMessageId: m.deletedMessageId },
    });
  }
  return {
    kind: 'youtube#liveChatMessage',
    etag: etag(),
    id: m.id,
    snippet,
    authorDetails: {
      channelId: m.authorId,
      channelUrl: `http://www.youtube.com/channel/${m.authorId}`,
      displayName: author?.name ?? '',
      profileImageUrl: author?.imageUrl ?? '',
      isVerified: false,
      isChatOwner: isOwner,
      isChatSponsor: m.isMember,
      isChatModerator: m.isModerator,
    },
  };
}

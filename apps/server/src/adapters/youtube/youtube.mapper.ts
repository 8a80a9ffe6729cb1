import type { AdapterErrorKind } from '../adapter-error.ts';
import {
  LiveAdapterError,
  type ChatMessage,
  type ChatMessageKind,
  type LiveErrorReason,
} from '../live-chat/index.ts';
import type { YouTubeBroadcast, YouTubeChatPage } from './youtube.adapter.ts';
import { msUntilQuotaReset } from './youtube-pacing.ts';

/** The wire shapes of the Data API v3 we read (youtube.md §2–§5); everything optional, as Google omits freely. */
interface WireAuthor {
  channelId?: string;
  displayName?: string;
  profileImageUrl?: string;
  isChatOwner?: boolean;
  isChatSponsor?: boolean;
  isChatModerator?: boolean;
}

export interface WireChatMessage {
  id?: string;
  snippet?: {
    type?: string;
    authorChannelId?: string;
    publishedAt?: string;
    displayMessage?: string;
    textMessageDetails?: { messageText?: string };
    superChatDetails?: {
      amountMicros?: string;
      currency?: string;
      amountDisplayString?: string;
      userComment?: string;
    };
    superStickerDetails?: { amountMicros?: string; currency?: string; amountDisplayString?: string };
    memberMilestoneChatDetails?: { userComment?: string };
    messageDeletedDetails?: { deletedMessageId?: string };
    messageRetractedDetails?: { retractedMessageId?: string };
    userBannedDetails?: { bannedUserDetails?: { channelId?: string } };
  };
  authorDetails?: WireAuthor;
}

export interface WireChatPage {
  nextPageToken?: string;
  pollingIntervalMillis?: number;
  offlineAt?: string;
  items?: WireChatMessage[];
}

const MEMBERSHIP_TYPES = new Set([
  'newSponsorEvent',
  'memberMilestoneChatEvent',
  'membershipGiftingEvent',
  'giftMembershipReceivedEvent',
]);

function kindOf(type: string): ChatMessageKind {
  if (type === 'textMessageEvent') return 'text';
  if (type === 'superChatEvent' || type === 'superStickerEvent') return 'superChat';
  if (MEMBERSHIP_TYPES.has(type)) return 'membership';
  return 'other';
}

/** Events that are not something a viewer said: handled as signals, never as chat messages. */
const SIGNAL_TYPES = new Set([
  'messageDeletedEvent',
  'messageRetractedEvent',
  'userBannedEvent',
  'chatEndedEvent',
  'tombstone',
  'sponsorOnlyModeStartedEvent',
  'sponsorOnlyModeEndedEvent',
  'pollEvent',
]);

function mapMessage(item: WireChatMessage): ChatMessage | null {
  const snippet = item.snippet ?? {};
  const author = item.authorDetails ?? {};
  const type = snippet.type ?? 'unknown';
  const authorId = author.channelId ?? snippet.authorChannelId;
  if (!item.id || !authorId) return null;
  const paid = snippet.superChatDetails ?? snippet.superStickerDetails;
  const text =
    snippet.textMessageDetails?.messageText ??
    snippet.superChatDetails?.userComment ??
    snippet.memberMilestoneChatDetails?.userComment ??
    (type === 'textMessageEvent' ? (snippet.displayMessage ?? '') : '');
  return {
    platform: 'youtube',
    id: item.id,
    kind: kindOf(type),
    platformType: type,
    author: {
      id: authorId,
      displayName: author.displayName ?? '',
      imageUrl: author.profileImageUrl ?? null,
      screenId: null,
      isMember: author.isChatSponsor === true,
      isModerator: author.isChatModerator === true,
      isOwner: author.isChatOwner === true,
    },
    text,
    // Google sends both `…645000Z` and `…479833+00:00`; Date parses both RFC 3339 forms.
    publishedAt: new Date(snippet.publishedAt ?? 0),
    superChat: paid
      ? {
          amountMicros: paid.amountMicros ?? '0',
          currency: paid.currency ?? '',
          amountDisplayString: paid.amountDisplayString ?? '',
        }
      : null,
  };
}

export function mapChatPage(body: WireChatPage): YouTubeChatPage {
  const page: YouTubeChatPage = {
    messages: [],
    deletedMessageIds: [],
    bannedChannelIds: [],
    nextPageToken: body.nextPageToken ?? null,
    // Never poll faster than told; a missing value (streamList-style) gets a conservative default.
    pollingIntervalMillis: Math.max(body.pollingIntervalMillis ?? 5000, 1000),
    offlineAt: body.offlineAt ? new Date(body.offlineAt) : null,
    chatEnded: Boolean(body.offlineAt),
  };
  for (const item of body.items ?? []) {
    const snippet = item.snippet ?? {};
    const type = snippet.type ?? '';
    if (type === 'messageDeletedEvent' && snippet.messageDeletedDetails?.deletedMessageId) {
      page.deletedMessageIds.push(snippet.messageDeletedDetails.deletedMessageId);
    } else if (type === 'messageRetractedEvent' && snippet.messageRetractedDetails?.retractedMessageId) {
      page.deletedMessageIds.push(snippet.messageRetractedDetails.retractedMessageId);
    } else if (type === 'userBannedEvent' && snippet.userBannedDetails?.bannedUserDetails?.channelId) {
      page.bannedChannelIds.push(snippet.userBannedDetails.bannedUserDetails.channelId);
    } else if (type === 'chatEndedEvent') {
      page.chatEnded = true;
    } else if (!SIGNAL_TYPES.has(type)) {
      const message = mapMessage(item);
      if (message) page.messages.push(message);
    }
  }
  return page;
}

export interface WireBroadcast {
  id?: string;
  snippet?: {
    channelId?: string;
    title?: string;
    liveChatId?: string;
    actualStartTime?: string;
    actualEndTime?: string;
  };
  status?: { lifeCycleStatus?: string };
  liveStreamingDetails?: { activeLiveChatId?: string; actualStartTime?: string; actualEndTime?: string };
}

const date = (value: string | undefined) => (value ? new Date(value) : null);

export function mapBroadcast(item: WireBroadcast): YouTubeBroadcast {
  const details = item.liveStreamingDetails;
  return {
    videoId: item.id ?? '',
    channelId: item.snippet?.channelId ?? null,
    title: item.snippet?.title ?? '',
    liveChatId: item.snippet?.liveChatId ?? details?.activeLiveChatId ?? null,
    lifeCycleStatus: item.status?.lifeCycleStatus ?? null,
    actualStartTime: date(item.snippet?.actualStartTime ?? details?.actualStartTime),
    actualEndTime: date(item.snippet?.actualEndTime ?? details?.actualEndTime),
  };
}

interface WireError {
  error?: { code?: number; message?: string; errors?: { reason?: string; domain?: string }[] };
}

const REASONS: Record<string, [AdapterErrorKind, LiveErrorReason]> = {
  liveChatEnded: ['not-found', 'chatEnded'],
  liveChatNotFound: ['not-found', 'chatNotFound'],
  liveChatDisabled: ['not-found', 'chatDisabled'],
  rateLimitExceeded: ['rate-limited', 'rateLimited'],
  userRateLimitExceeded: ['rate-limited', 'rateLimited'],
  quotaExceeded: ['rate-limited', 'quotaExceeded'],
  dailyLimitExceeded: ['rate-limited', 'quotaExceeded'],
  forbidden: ['auth', 'forbidden'],
  insufficientPermissions: ['auth', 'reauthorize'],
};

/** Maps Google's error envelope `{error:{code,message,errors:[{reason,domain}]}}` to a kind and a reason. */
export function mapApiError(status: number, body: unknown, action: string): LiveAdapterError {
  const error = (body as WireError | null)?.error;
  const reason = error?.errors?.[0]?.reason ?? '';
  const message = `${action}: ${status} ${reason || 'error'}${error?.message ? ` (${error.message})` : ''}`;
  const known = REASONS[reason];
  if (known) {
    const [kind, why] = known;
    const retryAfterMs =
      why === 'quotaExceeded' ? msUntilQuotaReset() : why === 'rateLimited' ? 5000 : undefined;
    return new LiveAdapterError(kind, 'youtube', why, message, { status, retryAfterMs });
  }
  if (status === 401) return new LiveAdapterError('auth', 'youtube', 'refreshToken', message, { status });
  if (status === 403) return new LiveAdapterError('auth', 'youtube', 'forbidden', message, { status });
  if (status === 404) return new LiveAdapterError('not-found', 'youtube', 'notFound', message, { status });
  if (status === 429)
    return new LiveAdapterError('rate-limited', 'youtube', 'rateLimited', message, {
      status,
      retryAfterMs: 5000,
    });
  if (status >= 500 || status === 408)
    return new LiveAdapterError('retryable', 'youtube', 'unavailable', message, { status });
  return new LiveAdapterError('permanent', 'youtube', 'badRequest', message, { status });
}

/** OAuth token endpoint errors are `{error:"invalid_grant", error_description}`: a dead grant needs the user. */
export function mapTokenError(status: number, body: unknown): LiveAdapterError {
  const code = (body as { error?: unknown } | null)?.error;
  const message = `token: ${status} ${typeof code === 'string' ? code : 'error'}`;
  if (code === 'invalid_grant' || status === 401)
    return new LiveAdapterError('auth', 'youtube', 'reauthorize', message, { status });
  if (status >= 500) return new LiveAdapterError('retryable', 'youtube', 'unavailable', message, { status });
  return new LiveAdapterError('permanent', 'youtube', 'badRequest', message, { status });
}

import type { ChatMessage, PlatformTokens } from '../live-chat/index.ts';

/** Quota units per call, as Google's quota table states; liveBroadcasts.list is unlisted, so we budget the worst. */
export const YOUTUBE_QUOTA_COST = {
  'channels.list': 1,
  'videos.list': 1,
  'liveBroadcasts.list': 5,
  'liveChatMessages.list': 5,
  /** One call however long the connection stays open; every reconnect is another call (youtube.md §7). */
  'liveChatMessages.stream': 5,
} as const;

export type YouTubeMethod = keyof typeof YOUTUBE_QUOTA_COST;

export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';

export interface YouTubeChannel {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  customUrl: string | null;
}

export interface YouTubeBroadcast {
  /** The video id. */
  videoId: string;
  channelId: string | null;
  title: string;
  /** Absent once the broadcast is over (or when it has no chat). */
  liveChatId: string | null;
  lifeCycleStatus: string | null;
  actualStartTime: Date | null;
  actualEndTime: Date | null;
}

export interface YouTubeChatPage {
  /** New messages, oldest first (deletions and bans are reported separately below). */
  messages: ChatMessage[];
  /** `messageDeletedEvent.deletedMessageId` and `messageRetractedEvent.retractedMessageId`. */
  deletedMessageIds: string[];
  /** Channel ids banned in this page (`userBannedEvent`): their messages leave the pool too. */
  bannedChannelIds: string[];
  /** Pass as `pageToken` next time; persisted so a restart resumes here. */
  nextPageToken: string | null;
  /** Wait at least this long before the next call (page tokens break when polled faster). */
  pollingIntervalMillis: number;
  offlineAt: Date | null;
  /** `offlineAt` present or a `chatEndedEvent` item seen: stop polling after this page. */
  chatEnded: boolean;
}

export interface YouTubeApi {
  /** The consent URL (scope youtube.readonly, offline access so a refresh token comes back). */
  authorizationUrl(input: { redirectUri: string; state: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<PlatformTokens>;
  refresh(refreshToken: string): Promise<PlatformTokens>;
  /** `channels.list mine=true`: the channel of the account that granted the token. */
  myChannel(accessToken: string): Promise<YouTubeChannel>;
  /** `liveBroadcasts.list broadcastStatus=active broadcastType=all` (never `mine=true`: it returns old ones). */
  activeBroadcast(accessToken: string): Promise<YouTubeBroadcast | null>;
  /** `videos.list part=liveStreamingDetails` for any public video id. */
  videoLiveChat(
    videoId: string,
    auth: { accessToken: string } | { apiKey: string },
  ): Promise<YouTubeBroadcast | null>;
  /** `liveChatMessages.list`: one page, chained by the previous page's `nextPageToken`. */
  listChatMessages(input: {
    accessToken: string;
    liveChatId: string;
    pageToken?: string | null;
    maxResults?: number;
  }): Promise<YouTubeChatPage>;
  /**
   * `liveChatMessages.stream`: one long-lived call that yields each page as Google pushes it (history first,
   * then new messages). Ends normally when the server closes an idle stream or `signal` aborts; the caller
   * reconnects with the last page's `nextPageToken`. Errors, also those sent as an array element after the
   * 200, are thrown as `LiveAdapterError`s like `listChatMessages`' are.
   */
  streamChatMessages(input: {
    accessToken: string;
    liveChatId: string;
    pageToken?: string | null;
    signal?: AbortSignal;
  }): AsyncIterable<YouTubeChatPage>;
}

export interface YouTubeApiOptions {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Told every call that reached the server, failed or not: Google charges invalid requests too. */
  onQuota?: (units: number, method: YouTubeMethod) => void;
}

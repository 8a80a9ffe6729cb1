import { YOUTUBE_QUOTA } from '@hanabi/api';
import type { LivePlatformDriver } from '../live-chat/index.ts';
import { YouTubeChatRead } from './youtube-chat-read.ts';
import { youtubePages } from './youtube-pages.ts';
import { pacificDay, youtubePacing } from './youtube-pacing.ts';
import { youtubeRecipients } from './youtube-recipients.ts';
import type { YouTubeApi, YouTubeApiOptions } from './youtube.adapter.ts';

/**
 * YouTube as a live platform: Google OAuth with refresh tokens, the channel as the identity, a daily quota in
 * units counted by the Pacific day, chat streamed or polled by `list` (`transport`: `list` never streams).
 * `apiFor` makes a client that reports each call's units to the caller.
 */
export function youtubeDriver(
  api: YouTubeApi,
  apiFor: (onQuota: NonNullable<YouTubeApiOptions['onQuota']>) => YouTubeApi,
  options: { transport: 'stream' | 'list' } = { transport: 'stream' },
): LivePlatformDriver {
  return {
    id: 'youtube',
    name: 'YouTube',
    accountNoun: 'YouTube channel',
    pacing: youtubePacing,
    chat: new YouTubeChatRead(apiFor, options.transport),
    pages: youtubePages,
    recipients: youtubeRecipients,
    quota: { dailyUnits: YOUTUBE_QUOTA.dailyUnits, dayOf: pacificDay },
    async currentBroadcast({ accessToken, platformUserId, charge }) {
      const broadcast = await apiFor(charge).activeBroadcast(accessToken);
      if (!broadcast?.liveChatId) return null;
      return {
        channelId: broadcast.channelId ?? platformUserId,
        broadcastId: broadcast.videoId,
        liveChatId: broadcast.liveChatId,
      };
    },
    oauth: {
      providerName: 'Google',
      authorizationUrl: (input) => api.authorizationUrl(input),
      async grant(input) {
        const tokens = await api.exchangeCode(input);
        const channel = await api.myChannel(tokens.accessToken);
        return {
          platformUserId: channel.id,
          screenId: null,
          displayName: channel.title,
          imageUrl: channel.thumbnailUrl,
          tokens,
          scopes: tokens.scope ? tokens.scope.split(/\s+/).filter(Boolean) : [],
        };
      },
      refresh: (refreshToken) => api.refresh(refreshToken),
    },
  };
}

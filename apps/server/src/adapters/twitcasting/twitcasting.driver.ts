import type { LivePlatformDriver } from '../live-chat/index.ts';
import { TwitCastingChatRead } from './twitcasting-chat-read.ts';
import { twitcastingPacing } from './twitcasting-pacing.ts';
import { twitcastingPages } from './twitcasting-pages.ts';
import { twitcastingRecipients } from './twitcasting-recipients.ts';
import type { TwitCastingApi } from './twitcasting.adapter.ts';

/**
 * TwitCasting as a live platform: its redirect URI is fixed in the app's settings (the consent URL carries only
 * the state), it has no scopes and no refresh flow, and the numeric user id is the identity (the screen id can
 * change).
 */
export function twitcastingDriver(api: TwitCastingApi): LivePlatformDriver {
  return {
    id: 'twitcasting',
    name: 'TwitCasting',
    accountNoun: 'TwitCasting account',
    pacing: twitcastingPacing,
    chat: new TwitCastingChatRead(api),
    pages: twitcastingPages,
    recipients: twitcastingRecipients(api),
    quota: null,
    async currentBroadcast({ accessToken, platformUserId }) {
      const movie = await api.currentLive(accessToken, platformUserId);
      if (!movie?.isLive) return null;
      return { channelId: platformUserId, broadcastId: movie.id, liveChatId: null };
    },
    oauth: {
      providerName: 'TwitCasting',
      authorizationUrl: ({ state }) => api.authorizationUrl({ state }),
      async grant(input) {
        const tokens = await api.exchangeCode(input);
        const user = await api.verifyCredentials(tokens.accessToken);
        return {
          platformUserId: user.id,
          screenId: user.screenId,
          displayName: user.name,
          imageUrl: user.imageUrl,
          tokens,
          scopes: [],
        };
      },
    },
  };
}

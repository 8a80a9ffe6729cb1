import type { BroadcastPages } from '../live-chat/index.ts';

/** TwitCasting addresses use the screen id (the numeric user id has no public page): none without it. */
export function twitcastingChannelUrl(screenId: string | null): string | null {
  return screenId ? `https://twitcasting.tv/${encodeURIComponent(screenId)}` : null;
}

export function twitcastingPages(input: { broadcastId: string; screenId: string | null }): BroadcastPages {
  const channel = twitcastingChannelUrl(input.screenId);
  if (!channel) return { streamUrl: null, channelUrl: null };
  return { streamUrl: `${channel}/movie/${encodeURIComponent(input.broadcastId)}`, channelUrl: channel };
}

import type { BroadcastPages } from '../live-chat/index.ts';

/** TwitCasting addresses use the screen id (the numeric user id has no public page): none without it. */
export function twitcastingPages(input: { broadcastId: string; screenId: string | null }): BroadcastPages {
  if (!input.screenId) return { streamUrl: null, channelUrl: null };
  const channel = `https://twitcasting.tv/${encodeURIComponent(input.screenId)}`;
  return { streamUrl: `${channel}/movie/${encodeURIComponent(input.broadcastId)}`, channelUrl: channel };
}

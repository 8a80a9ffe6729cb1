import type { BroadcastPages } from '../live-chat/index.ts';

/** A channel's page, by its id (YouTube needs no handle). */
export function youtubeChannelUrl(channelId: string): string {
  return `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
}

/** A video's watch page and its channel's page, both by id. */
export function youtubePages(input: { channelId: string; broadcastId: string }): BroadcastPages {
  return {
    streamUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(input.broadcastId)}`,
    channelUrl: youtubeChannelUrl(input.channelId),
  };
}

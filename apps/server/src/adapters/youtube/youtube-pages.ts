import type { BroadcastPages } from '../live-chat/index.ts';

/** A video's watch page and its channel's page, both by id (YouTube needs no handle). */
export function youtubePages(input: { channelId: string; broadcastId: string }): BroadcastPages {
  return {
    streamUrl: `https://www.youtube.com/watch?v=${encodeURIComponent(input.broadcastId)}`,
    channelUrl: `https://www.youtube.com/channel/${encodeURIComponent(input.channelId)}`,
  };
}

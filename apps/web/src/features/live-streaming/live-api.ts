import { apiRoutes, type LivePlatform, type DrawBody, type WinnerEditBody } from '@hanabi/api';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, isApiError } from '../../lib/api-client';

/** Every query of one campaign's live side shares the prefix, so one SSE event can refresh them together. */
export const liveKeys = {
  all: (campaignId: string) => ['live', campaignId] as const,
  campaign: (campaignId: string) => ['live', campaignId, 'campaign'] as const,
  overview: (campaignId: string) => ['live', campaignId, 'overview'] as const,
  comments: (campaignId: string) => ['live', campaignId, 'comments'] as const,
  winners: (campaignId: string) => ['live', campaignId, 'winners'] as const,
  overlay: (campaignId: string) => ['live', campaignId, 'overlay'] as const,
  quota: (campaignId: string) => ['live', campaignId, 'quota'] as const,
};

/** The stream the streamer acts from: the `{platform}/{a}/{b}` of the comment and winner paths. */
export interface StreamRef {
  platform: LivePlatform;
  channelId: string;
  broadcastId: string;
}

const streamParams = (stream: StreamRef) => ({ a: stream.channelId, b: stream.broadcastId });

export function useLiveCampaign(campaignId: string) {
  return useQuery({
    queryKey: liveKeys.campaign(campaignId),
    queryFn: () => callApi(apiRoutes.getCampaign, { params: { id: campaignId } }),
    retry: false,
  });
}

export function useLiveOverview(campaignId: string) {
  return useQuery({
    queryKey: liveKeys.overview(campaignId),
    queryFn: () => callApi(apiRoutes.liveOverview, { params: { id: campaignId } }),
    retry: false,
  });
}

/**
 * The YouTube quota all of Hanabi's streams share today. Refreshed with the campaign's other live queries on
 * each live event, and every minute (the pace moves even when this campaign's chat is quiet).
 */
export function useYouTubeQuota(campaignId: string, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.quota(campaignId),
    queryFn: () => callApi(apiRoutes.liveQuota, { params: { id: campaignId } }),
    enabled,
    refetchInterval: 60_000,
    retry: false,
  });
}

/** The consent page that lets Hanabi read the chat of the streamer's channel; the browser comes back to `returnTo`. */
export function liveStreamingConsentUrl(platform: LivePlatform, returnTo: string) {
  const route =
    platform === 'youtube' ? apiRoutes.youtubeLiveStreamingUrl : apiRoutes.twitcastingLiveStreamingUrl;
  return callApi(route, { query: { returnTo } });
}

export const startLiveStream = (campaignId: string, platform: LivePlatform) =>
  callApi(apiRoutes.startLiveStream, { params: { id: campaignId }, body: { platform } });

export const stopLiveStream = (campaignId: string, platform: LivePlatform) =>
  callApi(apiRoutes.stopLiveStream, { params: { id: campaignId }, query: { platform } });

/** Comments of one stream, newest first, one page of `LIVE_LIMITS.commentPageSize` at a time. */
export function useLiveComments(campaignId: string, stream: StreamRef | null, onlyEligible: boolean) {
  return useInfiniteQuery({
    queryKey: [
      ...liveKeys.comments(campaignId),
      stream?.platform,
      stream?.broadcastId,
      onlyEligible,
    ] as const,
    queryFn: ({ pageParam }) => {
      const route =
        stream!.platform === 'youtube' ? apiRoutes.youtubeComments : apiRoutes.twitcastingComments;
      return callApi(route, {
        params: streamParams(stream!),
        query: {
          campaignId,
          onlyEligible: onlyEligible ? 'true' : undefined,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      });
    },
    enabled: stream !== null,
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useWinners(campaignId: string, stream: StreamRef | null) {
  return useQuery({
    queryKey: liveKeys.winners(campaignId),
    queryFn: () => {
      const route = stream!.platform === 'youtube' ? apiRoutes.youtubeWinners : apiRoutes.twitcastingWinners;
      return callApi(route, { params: streamParams(stream!), query: { campaignId } });
    },
    enabled: stream !== null,
    retry: false,
  });
}

/** Draws under the intent's Idempotency-Key: a repeat of the same click answers the draw it made (decision 0200). */
export function drawWinners(stream: StreamRef, body: DrawBody, idempotencyKey: string) {
  const route = stream.platform === 'youtube' ? apiRoutes.youtubeDraw : apiRoutes.twitcastingDraw;
  return callApi(route, {
    params: streamParams(stream),
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Excludes (and re-draws) under the intent's Idempotency-Key: a repeat excludes and re-draws nothing twice. */
export function excludeWinners(stream: StreamRef, body: WinnerEditBody, idempotencyKey: string) {
  const route =
    stream.platform === 'youtube' ? apiRoutes.youtubeEditWinners : apiRoutes.twitcastingEditWinners;
  return callApi(route, {
    params: streamParams(stream),
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/**
 * The server has answered an intent for good (done, or refused by a rule): the next click is a new intent. A
 * lost answer or a 5xx may hide a draw that went through (or finishes later), so a retry keeps the key.
 */
export const answeredForGood = (error: unknown) =>
  isApiError(error) && error.status > 0 && error.status < 500;

export function setSchedule(stream: StreamRef, campaignId: string, active: boolean) {
  const youtube = stream.platform === 'youtube';
  if (active) {
    const route = youtube ? apiRoutes.youtubeStartSchedule : apiRoutes.twitcastingStartSchedule;
    return callApi(route, { params: streamParams(stream), body: { campaignId } });
  }
  const route = youtube ? apiRoutes.youtubeStopSchedule : apiRoutes.twitcastingStopSchedule;
  return callApi(route, { params: streamParams(stream), query: { campaignId } });
}

export function distributePrizes(campaignId: string, platform: LivePlatform) {
  const route = platform === 'youtube' ? apiRoutes.distributeYoutube : apiRoutes.distributeTwitcasting;
  return callApi(route, { params: { id: campaignId } });
}

/** The overlay's campaign does not exist (or the id is malformed): retrying will not help. */
export function isOverlayNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

export function useOverlayState(campaignId: string) {
  return useQuery({
    queryKey: liveKeys.overlay(campaignId),
    queryFn: () => callApi(apiRoutes.liveOverlay, { params: { id: campaignId } }),
    // An OBS source stays open for hours: keep trying quietly after a restart of the server, but not for a
    // campaign that does not exist (the page says so instead of staying blank).
    retry: (_count, error) => !isOverlayNotFound(error),
    refetchInterval: (query) => (isOverlayNotFound(query.state.error) ? false : 60_000),
  });
}

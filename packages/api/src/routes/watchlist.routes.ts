import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId } from '../string-primitives.ts';

/** The watchlist of the original: `POST/DELETE /api/watchlist/{userId}`, only ever for yourself. */
export const WatchlistParams = z.object({ userId: entityId() });
export const AddWatchBody = z.object({ campaignId: entityId() });
export const RemoveWatchQuery = z.object({ campaignId: entityId() });

/** The campaign's watch state after the call (the web flips `isWatch` in its cache from it). */
export const WatchState = z.object({
  campaignId: z.string(),
  isWatch: z.boolean(),
  /** How many people watch the campaign now. */
  watchCount: z.number().int(),
});
export type WatchState = z.infer<typeof WatchState>;

export const watchlistRoutes = {
  addWatch: defineRoute({
    method: 'POST',
    path: '/api/watchlist/:userId',
    access: 'audience',
    summary:
      'Put a public campaign on your watchlist (idempotent); notifies you and the streamer the first time',
    params: WatchlistParams,
    body: AddWatchBody,
    response: WatchState,
  }),
  removeWatch: defineRoute({
    method: 'DELETE',
    path: '/api/watchlist/:userId',
    access: 'audience',
    summary: 'Take a campaign off your watchlist (idempotent)',
    params: WatchlistParams,
    query: RemoveWatchQuery,
    response: WatchState,
  }),
};

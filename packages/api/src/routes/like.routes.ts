import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { entityId } from '../string-primitives.ts';

/** What can be liked: a campaign (its id) or a token (the digital goods id behind it). */
export const LIKE_TARGET_KINDS = ['campaign', 'token'] as const;
export const LikeTargetKind = z.enum(LIKE_TARGET_KINDS);
export type LikeTargetKind = z.infer<typeof LikeTargetKind>;

export const LikeParams = z.object({ kind: LikeTargetKind, id: entityId() });

export const LikeState = z.object({
  targetKind: LikeTargetKind,
  targetId: z.string(),
  likeCount: z.number().int(),
  /** The caller likes it (false for signed-out callers). */
  isLiked: z.boolean(),
});
export type LikeState = z.infer<typeof LikeState>;

export const likeRoutes = {
  getLike: defineRoute({
    method: 'GET',
    path: '/api/like/:kind/:id',
    access: 'public',
    summary: 'Like count of a public campaign or a published token, and whether you like it',
    params: LikeParams,
    response: LikeState,
  }),
  addLike: defineRoute({
    method: 'POST',
    path: '/api/like/:kind/:id',
    access: 'audience',
    summary: 'Like a campaign (notifies its streamer) or a token (notifies its other holders); idempotent',
    params: LikeParams,
    response: LikeState,
  }),
  removeLike: defineRoute({
    method: 'DELETE',
    path: '/api/like/:kind/:id',
    access: 'audience',
    summary: 'Take your like back (idempotent)',
    params: LikeParams,
    response: LikeState,
  }),
};

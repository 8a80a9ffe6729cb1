import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { USER_TYPES } from '../constants.ts';

export const UserTypeSchema = z.enum(USER_TYPES);
export const UserRole = z.enum(['user', 'operator']);

/** The user summary the original embeds in campaigns and lists. */
export const UserSummary = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  youtubeChannelId: z.string().nullable(),
  youtubeTitle: z.string().nullable(),
  youtubeThumbnailUrl: z.string().nullable(),
  twitcastingScreenId: z.string().nullable(),
  twitcastingName: z.string().nullable(),
  twitcastingImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** The signed-in person's own account, as cached by the web client. */
export const Account = UserSummary.extend({
  type: UserTypeSchema,
  role: UserRole,
  email: z.string().nullable(),
  bio: z.string(),
  walletAddress: z.string().nullable(),
  twitcastingUserId: z.string().nullable(),
  locale: z.enum(['ja', 'en']),
  createdAt: z.string(),
});
export type Account = z.infer<typeof Account>;

export const accountRoutes = {
  myAccountBase: defineRoute({
    method: 'GET',
    path: '/api/myAccountBase',
    access: 'signedIn',
    summary: 'The signed-in user’s account (401 when signed out)',
    tags: ['account'],
    response: Account,
  }),
};

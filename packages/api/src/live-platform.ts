import { z } from 'zod';

/** The live platforms Hanabi reads chats from: one list and one type for server, web and contract. */
export const LIVE_PLATFORMS = ['youtube', 'twitcasting'] as const;
export const LivePlatformSchema = z.enum(LIVE_PLATFORMS);
export type LivePlatform = z.infer<typeof LivePlatformSchema>;

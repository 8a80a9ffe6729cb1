// The public face of `adapters/live-chat`: what other folders may import from it (decision 0181); the rest is its own.
export { evenSpreadGapMs } from './chat-pacing.ts';
export type { ChatPacing, PaceState } from './chat-pacing.ts';
export type {
  ChatReadContext,
  ChatReadPage,
  ChatReadResult,
  ChatReadState,
  ChatReadStream,
  ChatReadTiming,
  PlatformChatReader,
} from './chat-read.ts';
export { LiveAdapterError, isLiveAdapterError, networkError, readJson } from './live-chat.types.ts';
export type {
  ChatMessage,
  ChatMessageKind,
  FetchLike,
  LiveErrorReason,
  LivePlatform,
  PlatformTokens,
} from './live-chat.types.ts';
export { LivePlatformRegistry } from './live-platform.driver.ts';
export type {
  BroadcastPages,
  LiveBroadcast,
  LivePlatformDriver,
  PlatformGrant,
  PlatformOAuth,
  PlatformQuota,
} from './live-platform.driver.ts';
export type { PlatformRecipients, RecipientIdCheck, RecipientRefusal } from './platform-recipients.ts';

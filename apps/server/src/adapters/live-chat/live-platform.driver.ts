import type { ChatPacing } from './chat-pacing.ts';
import type { PlatformChatReader } from './chat-read.ts';
import type { LivePlatform, PlatformTokens } from './live-chat.types.ts';
import type { PlatformRecipients } from './platform-recipients.ts';

/** Who consented, and the grant to keep for them: what every platform's sign-in ends in. */
export interface PlatformGrant {
  /** The platform's stable id for the account (never a changeable handle). */
  platformUserId: string;
  /** A changeable handle the platform shows (`@name`), when it has one. */
  screenId: string | null;
  displayName: string;
  imageUrl: string | null;
  tokens: PlatformTokens;
  /** The scopes granted, as the platform reported them (empty where the platform has no scopes). */
  scopes: string[];
}

/** A platform's OAuth: consent, the code exchange with the identity read, and (where it exists) refresh. */
export interface PlatformOAuth {
  /** Whose consent page the person sees (`Google` for YouTube), for documentation and messages. */
  providerName: string;
  /** The consent URL; `redirectUri` is the callback Hanabi registered (some platforms fix it per app). */
  authorizationUrl(input: { redirectUri: string; state: string }): string;
  /** Exchanges the callback's code and reads which account granted it. */
  grant(input: { code: string; redirectUri: string }): Promise<PlatformGrant>;
  /** A fresh access token from a refresh token; absent where the platform has no refresh flow. */
  refresh?(refreshToken: string): Promise<PlatformTokens>;
}

/** A broadcast that is live now: what reading its chat starts from. */
export interface LiveBroadcast {
  /** The account that broadcasts (YouTube channel id, TwitCasting user id). */
  channelId: string;
  broadcastId: string;
  /** The chat to read, where the platform names it apart from the broadcast. */
  liveChatId: string | null;
}

/** A stream's and its channel's public pages on the platform; null where the platform has no page to link. */
export interface BroadcastPages {
  streamUrl: string | null;
  channelUrl: string | null;
}

/** A daily allowance of calls the platform counts (YouTube's quota units), and the day it counts by. */
export interface PlatformQuota {
  dailyUnits: number;
  dayOf(now: Date): string;
}

/**
 * One live platform as the modules see it: its id, how to name it in messages, its OAuth, its chat reader and pace.
 * The modules hold a {@link LivePlatformRegistry} and ask it; only a platform's own adapter folder knows its
 * wire protocol.
 */
export interface LivePlatformDriver {
  id: LivePlatform;
  /** The platform's product name (`YouTube`), for logs and server messages. */
  name: string;
  /** What a person connects on it (`YouTube channel`), for server messages. */
  accountNoun: string;
  oauth: PlatformOAuth;
  pacing: ChatPacing;
  /** Reading the chat from the stored cursor: by page, stream or socket, with its pace and error reasons. */
  chat: PlatformChatReader;
  /**
   * The public pages of a broadcast and its account; `screenId` is the handle the account had when connected
   * (some platforms address pages by it).
   */
  pages(input: { channelId: string; broadcastId: string; screenId: string | null }): BroadcastPages;
  /** How a manual-distribution list names an account here. */
  recipients: PlatformRecipients;
  /** Null where the platform counts no quota. */
  quota: PlatformQuota | null;
  /**
   * The account's broadcast that is live now with a chat to read, or null. `charge` is told the quota units
   * each call costs (the look-up is charged to the stream it starts).
   */
  currentBroadcast(input: {
    accessToken: string;
    platformUserId: string;
    charge: (units: number) => void;
  }): Promise<LiveBroadcast | null>;
}

/** The drivers by platform id: the one place a platform plugs in. */
export class LivePlatformRegistry {
  private readonly drivers: ReadonlyMap<LivePlatform, LivePlatformDriver>;

  constructor(drivers: readonly LivePlatformDriver[]) {
    this.drivers = new Map(drivers.map((driver) => [driver.id, driver]));
  }

  get(platform: LivePlatform): LivePlatformDriver {
    const driver = this.drivers.get(platform);
    if (!driver) throw new Error(`No driver for live platform ${platform}`);
    return driver;
  }

  all(): LivePlatformDriver[] {
    return [...this.drivers.values()];
  }
}

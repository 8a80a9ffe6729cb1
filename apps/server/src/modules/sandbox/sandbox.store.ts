import crypto from 'node:crypto';

/**
 * State of the fake platforms. Kept behind this interface so the embedded single process can hold it in memory
 * while a multi-process setup could put it elsewhere; the routes never touch the maps directly.
 */
export type SandboxPlatform = 'youtube' | 'twitcasting';

export interface SandboxAccount {
  platform: SandboxPlatform;
  /** `UC…` (24 chars) on YouTube, a numeric string on TwitCasting. */
  id: string;
  /** TwitCasting screen id; YouTube custom URL handle. */
  screenId: string;
  name: string;
  imageUrl: string;
  /** Offered on the consent page (streamers and a few viewers); auto-chatter viewers are not. */
  selectable: boolean;
}

export interface SandboxStream {
  platform: SandboxPlatform;
  /** YouTube video id / TwitCasting movie id. */
  id: string;
  ownerId: string;
  title: string;
  /** YouTube only. */
  liveChatId: string | null;
  startedAt: Date;
  endedAt: Date | null;
}

export type SandboxMessageType = 'text' | 'superChat' | 'membership' | 'deleted' | 'chatEnded';

export interface SandboxMessage {
  /** Order of arrival in its stream: the paging cursor. */
  seq: number;
  /** YouTube: opaque string; TwitCasting: growing numeric string. */
  id: string;
  streamId: string;
  type: SandboxMessageType;
  authorId: string;
  text: string;
  isMember: boolean;
  isModerator: boolean;
  superChat: { amountMicros: string; currency: string } | null;
  /** For `deleted` events: the message taken down. */
  deletedMessageId: string | null;
  publishedAt: Date;
  /** Taken down: no longer listed (its `deleted` event is). */
  removed: boolean;
}

export interface SandboxGrant {
  platform: SandboxPlatform;
  accountId: string;
  redirectUri: string;
  scope: string;
}

export interface SandboxSettings {
  youtubeQuotaLimit: number;
  youtubeQuotaUsed: number;
  youtubePollingIntervalMillis: number;
  youtubeStreamMode: 'on' | 'errorElement' | 'off';
  youtubeStreamIdleMs: number;
  twitcastingRateLimit: number;
  twitcastingWindowSeconds: number;
  /** TwitCasting documents 403 / 2000; some fakes and proxies answer 429. */
  twitcastingLimitStatus: 403 | 429;
  /** TwitCasting registers one callback per app (no redirect_uri on authorize). */
  twitcastingCallbackUrl: string;
}

export interface SandboxStore {
  accounts(platform?: SandboxPlatform): SandboxAccount[];
  account(platform: SandboxPlatform, idOrScreenId: string): SandboxAccount | null;
  addAccount(platform: SandboxPlatform, name: string, selectable?: boolean): SandboxAccount;
  /** The account a person named (typed in the console or on the consent page): found by name, or made, and offered. */
  namedAccount(platform: SandboxPlatform, name: string): SandboxAccount;

  createCode(grant: SandboxGrant): string;
  /** One use only, like a real authorization code. */
  takeCode(code: string): SandboxGrant | null;
  issueTokens(grant: SandboxGrant): { accessToken: string; refreshToken: string };
  grantForAccessToken(platform: SandboxPlatform, token: string): SandboxGrant | null;
  grantForRefreshToken(token: string): SandboxGrant | null;

  startStream(platform: SandboxPlatform, ownerId: string, title: string): SandboxStream;
  endStream(streamId: string): SandboxStream | null;
  stream(streamId: string): SandboxStream | null;
  streamByLiveChatId(liveChatId: string): SandboxStream | null;
  streams(): SandboxStream[];
  activeStream(platform: SandboxPlatform, ownerId: string): SandboxStream | null;

  append(message: Omit<SandboxMessage, 'seq' | 'id' | 'removed'>): SandboxMessage;
  messages(streamId: string): readonly SandboxMessage[];
  remove(streamId: string, messageId: string): SandboxMessage | null;
  /** Calls `listener` after every message appended to the stream (the fake stream endpoint pushes them). */
  watch(streamId: string, listener: () => void): () => void;

  settings(): SandboxSettings;
  updateSettings(patch: Partial<SandboxSettings>): SandboxSettings;
}

const randomId = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

function avatar(name: string): string {
  // An inline SVG keeps the sandbox offline (no image host to reach).
  const hue = crypto.createHash('sha256').update(name).digest()[0]! * 1.4;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88"><rect width="88" height="88" fill="hsl(${hue.toFixed(0)},60%,55%)"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export class MemorySandboxStore implements SandboxStore {
  private readonly accountList: SandboxAccount[] = [];
  private readonly codes = new Map<string, SandboxGrant>();
  private readonly accessTokens = new Map<string, SandboxGrant>();
  private readonly refreshTokens = new Map<string, SandboxGrant>();
  private readonly streamMap = new Map<string, SandboxStream>();
  private readonly messageMap = new Map<string, SandboxMessage[]>();
  private readonly watchers = new Map<string, Set<() => void>>();
  private nextNumericId = 100_000;
  // TwitCasting comment ids grow globally and are compared as integers by clients.
  private nextCommentId = 700_000_000;
  private current: SandboxSettings;

  constructor(publicOrigin: string) {
    this.current = {
      youtubeQuotaLimit: 10_000,
      youtubeQuotaUsed: 0,
      youtubePollingIntervalMillis: 2000,
      youtubeStreamMode: 'on',
      youtubeStreamIdleMs: 10_000,
      twitcastingRateLimit: 60,
      twitcastingWindowSeconds: 60,
      twitcastingLimitStatus: 403,
      twitcastingCallbackUrl: `${publicOrigin}/api/oauth/twitcasting/callback`,
    };
    for (const platform of ['youtube', 'twitcasting'] as const) {
      for (const name of ['Hanabi Streamer', 'Second Streamer', 'Viewer Aoi', 'Viewer Ren', 'Viewer Mio']) {
        this.addAccount(platform, name, true);
      }
    }
  }

  accounts(platform?: SandboxPlatform): SandboxAccount[] {
    return this.accountList.filter((a) => !platform || a.platform === platform);
  }

  account(platform: SandboxPlatform, idOrScreenId: string): SandboxAccount | null {
    return (
      this.accountList.find(
        (a) => a.platform === platform && (a.id === idOrScreenId || a.screenId === idOrScreenId),
      ) ?? null
    );
  }

  namedAccount(platform: SandboxPlatform, name: string): SandboxAccount {
    const found = this.accountList.find((a) => a.platform === platform && a.name === name);
    if (!found) return this.addAccount(platform, name, true);
    found.selectable = true;
    return found;
  }

  addAccount(platform: SandboxPlatform, name: string, selectable = false): SandboxAccount {
    const n = this.nextNumericId++;
    const slug =
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '') || 'user';
    const account: SandboxAccount = {
      platform,
      id:
        platform === 'youtube' ? `UC${crypto.randomBytes(16).toString('base64url').slice(0, 22)}` : String(n),
      screenId: `${slug}_${n}`,
      name,
      imageUrl: avatar(`${platform}:${name}:${n}`),
      selectable,
    };
    this.accountList.push(account);
    return account;
  }

  createCode(grant: SandboxGrant): string {
    const code = `4/${randomId(24)}`;
    this.codes.set(code, grant);
    return code;
  }

  takeCode(code: string): SandboxGrant | null {
    const grant = this.codes.get(code) ?? null;
    this.codes.delete(code);
    return grant;
  }

  issueTokens(grant: SandboxGrant): { accessToken: string; refreshToken: string } {
    const accessToken = `${grant.platform === 'youtube' ? 'ya29.' : ''}${randomId(32)}`;
    const refreshToken = `1//${randomId(32)}`;
    this.accessTokens.set(accessToken, grant);
    this.refreshTokens.set(refreshToken, grant);
    return { accessToken, refreshToken };
  }

  grantForAccessToken(platform: SandboxPlatform, token: string): SandboxGrant | null {
    const grant = this.accessTokens.get(token);
    return grant?.platform === platform ? grant : null;
  }

  grantForRefreshToken(token: string): SandboxGrant | null {
    return this.refreshTokens.get(token) ?? null;
  }

  startStream(platform: SandboxPlatform, ownerId: string, title: string): SandboxStream {
    const previous = this.activeStream(platform, ownerId);
    if (previous) this.endStream(previous.id);
    const stream: SandboxStream = {
      platform,
      id: platform === 'youtube' ? randomId(8).slice(0, 11) : String(this.nextNumericId++ + 189_000_000),
      ownerId,
      title,
      liveChatId: platform === 'youtube' ? `Cg0KC${randomId(18)}` : null,
      startedAt: new Date(),
      endedAt: null,
    };
    this.streamMap.set(stream.id, stream);
    this.messageMap.set(stream.id, []);
    return stream;
  }

  endStream(streamId: string): SandboxStream | null {
    const stream = this.streamMap.get(streamId);
    if (!stream || stream.endedAt) return stream ?? null;
    stream.endedAt = new Date();
    if (stream.platform === 'youtube') {
      this.append({
        streamId,
        type: 'chatEnded',
        authorId: stream.ownerId,
        text: '',
        isMember: false,
        isModerator: false,
        superChat: null,
        deletedMessageId: null,
        publishedAt: stream.endedAt,
      });
    }
    return stream;
  }

  stream(streamId: string): SandboxStream | null {
    return this.streamMap.get(streamId) ?? null;
  }

  streamByLiveChatId(liveChatId: string): SandboxStream | null {
    return [...this.streamMap.values()].find((s) => s.liveChatId === liveChatId) ?? null;
  }

  streams(): SandboxStream[] {
    return [...this.streamMap.values()];
  }

  activeStream(platform: SandboxPlatform, ownerId: string): SandboxStream | null {
    return this.streams().find((s) => s.platform === platform && s.ownerId === ownerId && !s.endedAt) ?? null;
  }

  append(input: Omit<SandboxMessage, 'seq' | 'id' | 'removed'>): SandboxMessage {
    const list = this.messageMap.get(input.streamId);
    const stream = this.streamMap.get(input.streamId);
    if (!list || !stream) throw new Error(`no sandbox stream ${input.streamId}`);
    // The platforms stamp messages finer than a millisecond, so two in a row are never at the same time; neither
    // are ours (one posted in the same millisecond as the last is a millisecond later), so their order is stable.
    const last = list.at(-1)?.publishedAt.getTime();
    const publishedAt = input.publishedAt.getTime() === last ? new Date(last + 1) : input.publishedAt;
    const message: SandboxMessage = {
      ...input,
      publishedAt,
      seq: list.length + 1,
      id: stream.platform === 'twitcasting' ? String(this.nextCommentId++) : `LCC.${randomId(18)}`,
      removed: false,
    };
    list.push(message);
    for (const listener of this.watchers.get(input.streamId) ?? []) listener();
    return message;
  }

  watch(streamId: string, listener: () => void): () => void {
    const set = this.watchers.get(streamId) ?? new Set();
    set.add(listener);
    this.watchers.set(streamId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.watchers.delete(streamId);
    };
  }

  messages(streamId: string): readonly SandboxMessage[] {
    return this.messageMap.get(streamId) ?? [];
  }

  remove(streamId: string, messageId: string): SandboxMessage | null {
    const message = this.messageMap.get(streamId)?.find((m) => m.id === messageId && !m.removed);
    if (!message) return null;
    message.removed = true;
    return message;
  }

  settings(): SandboxSettings {
    return { ...this.current };
  }

  updateSettings(patch: Partial<SandboxSettings>): SandboxSettings {
    this.current = { ...this.current, ...patch };
    return this.settings();
  }
}

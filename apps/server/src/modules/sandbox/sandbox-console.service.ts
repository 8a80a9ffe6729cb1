import type { SandboxAutoChatter, SandboxPostMessageBody } from '@hanabi/api';
import type {
  SandboxAccount,
  SandboxMessage,
  SandboxPlatform,
  SandboxStore,
  SandboxStream,
} from './sandbox.store.ts';

/**
 * What the chat console does to the fake platforms: start and end streams, speak as any fake viewer, take a
 * message down, and run an auto-chatter. Timers are unref'd and stopped on close so tests and shutdown never hang.
 */
/** An author is an existing fake account id, or a display name (a viewer with that name is reused or created). */
export type PostInput = SandboxPostMessageBody;
export type AutoChatterInput = SandboxAutoChatter;

const PHRASES = ['こんにちは！', 'wktk', 'nice stream', '888888', 'おつかれさま', 'lol', 'GG', '草'];

export class SandboxConsoleService {
  private readonly chatters = new Map<string, { timer: NodeJS.Timeout; input: AutoChatterInput }>();

  constructor(private readonly store: SandboxStore) {}

  startStream(platform: SandboxPlatform, ownerId: string, title: string): SandboxStream | null {
    if (!this.store.account(platform, ownerId)) return null;
    return this.store.startStream(platform, ownerId, title);
  }

  endStream(streamId: string): SandboxStream | null {
    this.stopAutoChatter(streamId);
    return this.store.endStream(streamId);
  }

  post(streamId: string, input: PostInput): SandboxMessage | 'no-stream' | 'ended' | 'no-author' {
    const stream = this.store.stream(streamId);
    if (!stream) return 'no-stream';
    if (stream.endedAt) return 'ended';
    const author = this.resolveAuthor(stream, input);
    if (!author) return 'no-author';
    // TwitCasting has no paid chat or membership in API v2: everything there is a plain comment.
    const youtube = stream.platform === 'youtube';
    const type =
      youtube && input.superChat ? 'superChat' : youtube && input.membership ? 'membership' : 'text';
    return this.store.append({
      streamId,
      type,
      authorId: author.id,
      text: input.text,
      isMember: youtube && (input.member === true || type === 'membership'),
      isModerator: youtube && input.moderator === true,
      superChat: type === 'superChat' ? input.superChat! : null,
      deletedMessageId: null,
      publishedAt: new Date(),
    });
  }

  /** YouTube adds a `messageDeletedEvent` by the owner (as moderator); TwitCasting comments simply vanish. */
  deleteMessage(streamId: string, messageId: string): boolean {
    const stream = this.store.stream(streamId);
    const removed = stream ? this.store.remove(streamId, messageId) : null;
    if (!stream || !removed) return false;
    if (stream.platform === 'youtube' && !stream.endedAt) {
      this.store.append({
        streamId,
        type: 'deleted',
        authorId: stream.ownerId,
        text: '',
        isMember: false,
        isModerator: true,
        superChat: null,
        deletedMessageId: messageId,
        publishedAt: new Date(),
      });
    }
    return true;
  }

  startAutoChatter(streamId: string, input: AutoChatterInput): boolean {
    const stream = this.store.stream(streamId);
    if (!stream || stream.endedAt) return false;
    this.stopAutoChatter(streamId);
    const viewers = Array.from({ length: input.viewers }, (_, i) => {
      const name = `Auto Viewer ${i + 1}`;
      const existing = this.store.accounts(stream.platform).find((a) => a.name === name);
      return existing ?? this.store.addAccount(stream.platform, name);
    });
    const keywordCount = input.keyword ? Math.round(input.viewers * input.keywordShare) : 0;
    const memberCount = Math.round(input.viewers * input.memberShare);
    let turn = 0;
    const tick = () => {
      const index = turn++ % viewers.length;
      const viewer = viewers[index]!;
      const phrase = PHRASES[turn % PHRASES.length]!;
      const result = this.post(streamId, {
        authorId: viewer.id,
        text: index < keywordCount ? `${input.keyword} ${phrase}` : phrase,
        member: index >= viewers.length - memberCount,
      });
      if (typeof result === 'string') this.stopAutoChatter(streamId);
    };
    const timer = setInterval(tick, Math.max(Math.round(1000 / input.perSecond), 10));
    timer.unref();
    this.chatters.set(streamId, { timer, input });
    return true;
  }

  stopAutoChatter(streamId: string): boolean {
    const chatter = this.chatters.get(streamId);
    if (!chatter) return false;
    clearInterval(chatter.timer);
    this.chatters.delete(streamId);
    return true;
  }

  autoChatter(streamId: string): AutoChatterInput | null {
    return this.chatters.get(streamId)?.input ?? null;
  }

  close(): void {
    for (const streamId of [...this.chatters.keys()]) this.stopAutoChatter(streamId);
  }

  private resolveAuthor(stream: SandboxStream, input: PostInput): SandboxAccount | null {
    if (input.owner) return this.store.account(stream.platform, stream.ownerId);
    if (input.authorId) return this.store.account(stream.platform, input.authorId);
    // A name a person typed is someone they can then sign in as on the consent page, to link and collect a prize.
    return this.store.namedAccount(stream.platform, input.authorName?.trim() || 'Guest Viewer');
  }
}

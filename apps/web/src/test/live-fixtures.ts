import type { LiveComment, LiveOverview, LiveStream, Winner, WinnerList } from '@hanabi/api';

/** Test data of the live pages, shaped by the contract. */
export function makeStream(overrides: Partial<LiveStream> = {}): LiveStream {
  return {
    id: 'ls1',
    campaignId: 'c1',
    platform: 'youtube',
    channelId: 'UCstreamer',
    broadcastId: 'vid1',
    title: '夏祭り配信',
    status: 'live',
    commentCount: 12,
    entrantCount: 7,
    quotaUsed: 500,
    quotaBudget: 10_000,
    rateLimitRemaining: null,
    pollingIntervalMs: 5000,
    lastError: null,
    lastErrorCode: null,
    startedAt: '2025-07-01T10:00:00.000Z',
    endedAt: null,
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<LiveOverview> = {}): LiveOverview {
  return {
    campaignId: 'c1',
    campaignTitle: '夏祭りプレゼント',
    campaignStatus: 'live',
    startsAt: '2025-07-01T09:00:00.000Z',
    endsAt: '2025-07-08T09:00:00.000Z',
    entriesClosedAt: null,
    platforms: [
      {
        platform: 'youtube',
        enabled: true,
        connection: {
          platform: 'youtube',
          platformUserId: 'UCstreamer',
          screenId: null,
          displayName: 'はなびチャンネル',
          imageUrl: null,
          canReadChat: true,
          needsReconnect: false,
          connectedAt: '2025-07-01T09:00:00.000Z',
        },
        stream: makeStream(),
      },
      { platform: 'twitcasting', enabled: false, connection: null, stream: null },
    ],
    entrantCount: 7,
    commentCount: 12,
    ...overrides,
  };
}

export function makeComment(overrides: Partial<LiveComment> = {}): LiveComment {
  return {
    id: 'cm1',
    platform: 'youtube',
    platformMessageId: 'msg1',
    authorPlatformId: 'UCviewer1',
    authorName: '視聴者A',
    authorImageUrl: null,
    text: '参加！',
    kind: 'text',
    isMember: true,
    isModerator: false,
    isOwner: false,
    deleted: false,
    eligible: true,
    reason: null,
    publishedAt: '2025-07-01T10:05:00.000Z',
    ...overrides,
  };
}

export function makeWinner(overrides: Partial<Winner> = {}): Winner {
  return {
    id: 'w1',
    drawId: 'd1',
    campaignId: 'c1',
    position: 0,
    entrantKey: 'youtube:UCviewer1',
    platform: 'youtube',
    platformUserId: 'UCviewer1',
    displayName: '視聴者A',
    userId: null,
    status: 'drawn',
    reachable: false,
    deliveryId: null,
    deliveryStatus: null,
    txHash: null,
    distributedAt: null,
    excludedReason: null,
    excludedReasonCode: null,
    excludedAt: null,
    replacedBy: null,
    createdAt: '2025-07-01T10:10:00.000Z',
    ...overrides,
  };
}

export function makeWinnerList(overrides: Partial<WinnerList> = {}): WinnerList {
  return {
    campaignId: 'c1',
    winners: [],
    draws: [],
    schedule: { active: false, intervalMinutes: null, nextRunAt: null },
    remaining: 2,
    changes: [],
    ...overrides,
  };
}

/** A stand-in for the browser's EventSource: tests open it, then push named events through `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((event: Event) => void)[]>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  removeEventListener() {}

  close() {
    this.closed = true;
  }

  emit(type: string, data?: unknown) {
    const event =
      data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

import type { Campaign, Notification } from '@hanabi/api';

/** A public campaign as the API answers it. */
export function makeCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c1',
    userId: 's1',
    user: {
      id: 's1',
      name: '配信者はなび',
      avatarUrl: '/assets/images/avatar.svg',
      youtubeChannelId: null,
      youtubeTitle: null,
      youtubeThumbnailUrl: null,
      twitcastingScreenId: null,
      twitcastingName: null,
      twitcastingImageUrl: null,
    },
    title: '夏祭りプレゼント',
    description: '',
    coverImage: null,
    status: 'live',
    startsAt: '2025-07-01T10:00:00.000Z',
    endsAt: '2099-07-02T10:00:00.000Z',
    platforms: ['youtube'],
    prize: {
      digitalGoodsId: 'g1',
      copiesPerWinner: 1,
      digitalGoods: {
        id: 'g1',
        name: '金の花火',
        description: '',
        image: null,
        animation: null,
        supply: 10,
        status: 'published',
        tokenId: '1',
      },
    },
    winnerCount: 1,
    entryRule: {
      keyword: '',
      onePerPerson: true,
      membersOnly: false,
      excludeModerators: true,
      windowStart: null,
      windowEnd: null,
      cooldownDays: 0,
    },
    drawMode: { type: 'manual' },
    isWatch: false,
    onAir: false,
    createdAt: '2025-06-01T00:00:00.000Z',
    updatedAt: '2025-06-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    type: 'watchlistIncreased',
    text: '視聴者さんが「夏祭りプレゼント」をウォッチしました（1人）',
    href: '/campaign/c1',
    hrefId: 'c1',
    isRead: false,
    createdAt: '2025-07-01T10:00:00.000Z',
    ...overrides,
  };
}

import { shortDescription, unlessNotFound, type OgCardImages } from '../og-pages/index.ts';
import type { OgCard } from '../og-pages/index.ts';
import type { OgTags } from '../og-pages/index.ts';
import type { StreamerService } from './streamer.service.ts';

/**
 * A streamer's public profile (`/audience/streamer/{id}`) as crawlers see it (docs/design.md §9): name, bio,
 * followers and active campaigns, with a card drawn to `ogp/streamer-{id}-{hash}.png` showing the newest
 * published goods' picture.
 */
export class StreamerPageService {
  constructor(
    private readonly streamers: StreamerService,
    private readonly images: OgCardImages,
    private readonly options: { publicOrigin: string },
  ) {}

  async openGraph(id: string): Promise<OgTags | null> {
    const profile = await unlessNotFound(this.streamers.get(null, id));
    if (!profile) return null;
    const { streamer } = profile;
    const counts = `フォロワー ${streamer.followerCount} 人 · 開催中・予定 ${streamer.activeCampaignCount} 件`;
    const picture = await this.images.picture(profile.goods.find((goods) => goods.image)?.image?.id ?? null);
    const card: OgCard = {
      badge: '配信者',
      title: streamer.name,
      lines: [
        counts,
        ...profile.links.map((link) => link.label).slice(0, 1),
        'Hanabi でフォローしてプレゼントに参加',
      ],
      ...picture,
    };
    const imageUrl = await this.images.hashed(`streamer-${streamer.id}`, card, null);
    return {
      title: `${streamer.name} | Hanabi`,
      description: shortDescription(streamer.bio, `${streamer.name}（Hanabi の配信者）。${counts}`),
      url: `${this.options.publicOrigin}/audience/streamer/${encodeURIComponent(streamer.id)}`,
      imageUrl,
      imageAlt: `${streamer.name} — Hanabi`,
      siteName: 'Hanabi',
    };
  }
}

import { ogTexts, shortDescription, unlessNotFound, type OgCardImages } from '../og-pages/index.ts';
import type { OgLocale } from '../og-pages/index.ts';
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

  async openGraph(id: string, locale: OgLocale): Promise<OgTags | null> {
    const profile = await unlessNotFound(this.streamers.get(null, id));
    if (!profile) return null;
    const { streamer } = profile;
    const words = ogTexts(locale).streamer;
    const counts = words.counts(streamer.followerCount, streamer.activeCampaignCount);
    const picture = await this.images.picture(profile.goods.find((goods) => goods.image)?.image?.id ?? null);
    const card: OgCard = {
      badge: words.badge,
      title: streamer.name,
      lines: [counts, ...profile.links.map((link) => link.label).slice(0, 1), words.invitation],
      ...picture,
    };
    const imageUrl = await this.images.hashed(
      locale === 'ja' ? `streamer-${streamer.id}` : `streamer-${streamer.id}-${locale}`,
      card,
      null,
    );
    return {
      title: `${streamer.name} | Hanabi`,
      description: shortDescription(streamer.bio, words.description(streamer.name, counts)),
      url: `${this.options.publicOrigin}/audience/streamer/${encodeURIComponent(streamer.id)}`,
      imageUrl,
      imageAlt: `${streamer.name} — Hanabi`,
      siteName: 'Hanabi',
      locale,
    };
  }
}

import { ogTexts, shortDescription, unlessNotFound, type OgCardImages } from '../og-pages/index.ts';
import type { OgLocale } from '../og-pages/index.ts';
import type { OgCard } from '../og-pages/index.ts';
import type { OgTags } from '../og-pages/index.ts';
import type { CollectionService } from './collection.service.ts';

/**
 * A published token's page (`/collection/{goodsId}`) as crawlers see it (docs/design.md §9): the goods' name,
 * description and picture, its streamer and how many hold it, drawn to `ogp/goods-{id}-{hash}.png`.
 */
export class CollectionPageService {
  constructor(
    private readonly collection: CollectionService,
    private readonly images: OgCardImages,
    private readonly options: { publicOrigin: string },
  ) {}

  async openGraph(goodsId: string, locale: OgLocale): Promise<OgTags | null> {
    const page = await unlessNotFound(this.collection.item(null, goodsId));
    if (!page) return null;
    const { goods } = page;
    const picture = await this.images.picture(goods.image?.id ?? null);
    const words = ogTexts(locale).goods;
    const card: OgCard = {
      badge: words.badge,
      title: goods.name,
      lines: [words.holders(page.holderCount), words.supply(goods.supply), words.giftOf(goods.streamer.name)],
      ...picture,
    };
    const imageUrl = await this.images.hashed(
      locale === 'ja' ? `goods-${goods.id}` : `goods-${goods.id}-${locale}`,
      card,
      goods.image ? goods.image.url : null,
    );
    return {
      title: `${goods.name} | Hanabi`,
      description: shortDescription(goods.description, words.description(goods.streamer.name, goods.name)),
      url: `${this.options.publicOrigin}/collection/${encodeURIComponent(goods.id)}`,
      imageUrl,
      imageAlt: `${goods.name} — ${goods.streamer.name}`,
      siteName: 'Hanabi',
      locale,
    };
  }
}

import { shortDescription, unlessNotFound, type OgCardImages } from '../og-pages/index.ts';
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

  async openGraph(goodsId: string): Promise<OgTags | null> {
    const page = await unlessNotFound(this.collection.item(null, goodsId));
    if (!page) return null;
    const { goods } = page;
    const picture = await this.images.picture(goods.image?.id ?? null);
    const card: OgCard = {
      badge: 'デジタルグッズ',
      title: goods.name,
      lines: [
        `${page.holderCount} 人が所有`,
        `限定 ${goods.supply} 個`,
        `${goods.streamer.name} のプレゼント`,
      ],
      ...picture,
    };
    const imageUrl = await this.images.hashed(
      `goods-${goods.id}`,
      card,
      goods.image ? goods.image.url : null,
    );
    return {
      title: `${goods.name} | Hanabi`,
      description: shortDescription(
        goods.description,
        `${goods.streamer.name} のデジタルグッズ「${goods.name}」`,
      ),
      url: `${this.options.publicOrigin}/collection/${encodeURIComponent(goods.id)}`,
      imageUrl,
      imageAlt: `${goods.name} — ${goods.streamer.name}`,
      siteName: 'Hanabi',
    };
  }
}

import type { DigitalGoodsRepository } from '../digital-goods/digital-goods.repository.ts';
import { shortDescription, type OgCardImages } from '../og-pages/og-card-images.ts';
import type { OgCard } from '../og-pages/og-image.ts';
import type { OgTags } from '../og-pages/og-tags.ts';
import type { CampaignRepository, CampaignRow, StreamerRow } from './campaign.repository.ts';
import type { CampaignService } from './campaign.service.ts';

const STATUS_LABELS: Record<CampaignRow['status'], string> = {
  draft: '下書き',
  scheduled: '開催予定',
  live: '開催中',
  ended: '終了',
};

const dateFormat = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The public campaign page as crawlers see it: Open Graph / Twitter card tags, and the picture they point at,
 * drawn to `ogp/{campaignId}.png` in the public storage and redrawn only when what it shows has changed (the
 * campaign row remembers the hash of what was drawn).
 */
export class CampaignPageService {
  constructor(
    private readonly campaigns: CampaignService,
    private readonly campaignRows: CampaignRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly images: OgCardImages,
    private readonly options: { publicOrigin: string },
  ) {}

  /** The tags of a public campaign; null when there is none to show (unknown, draft, suspended streamer). */
  async openGraph(id: string): Promise<OgTags | null> {
    const found = await this.campaigns.findPublic(id);
    if (!found) return null;
    const { campaign, streamer } = found;
    const prize = await this.goods.findById(campaign.prizeDigitalGoodsId);
    const pictureId = campaign.coverAssetId ?? prize?.imageAssetId ?? null;
    const card = await this.card(campaign, streamer, prize?.name ?? '', pictureId);
    const imageUrl = await this.images.named(campaign.id, card, {
      storedHash: campaign.ogImageHash,
      saveHash: (hash) => this.campaignRows.setOgImageHash(campaign.id, hash),
      fallbackUrl: card.pictureKey ? this.images.publicUrl(card.pictureKey) : null,
    });
    const description = shortDescription(
      campaign.description,
      `${streamer.name}のキャンペーン。${card.lines.slice(0, 2).join('。')}`,
    );
    return {
      title: `${campaign.title} | Hanabi`,
      description,
      url: `${this.options.publicOrigin}/campaign/${encodeURIComponent(campaign.id)}`,
      imageUrl,
      imageAlt: `${campaign.title} — ${streamer.name}`,
      siteName: 'Hanabi',
    };
  }

  private async card(
    campaign: CampaignRow,
    streamer: StreamerRow,
    prizeName: string,
    pictureId: string | null,
  ): Promise<OgCard> {
    return {
      badge: STATUS_LABELS[campaign.status],
      title: campaign.title,
      lines: [
        `賞品: ${prizeName}`,
        `${dateFormat.format(campaign.startsAt)} 〜 ${dateFormat.format(campaign.endsAt)} (JST)`,
        streamer.name,
      ],
      ...(await this.images.picture(pictureId)),
    };
  }
}

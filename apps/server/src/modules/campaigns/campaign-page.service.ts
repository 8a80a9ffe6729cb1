import { streamToBuffer } from '../../lib/stream-bytes.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import type { Logger } from '../../logger.ts';
import type { DigitalGoodsRepository } from '../digital-goods/digital-goods.repository.ts';
import type { AssetRepository, AssetRow } from '../uploads/asset.repository.ts';
import type { CampaignRepository, CampaignRow, StreamerRow } from './campaign.repository.ts';
import type { CampaignService } from './campaign.service.ts';
import { ogCardHash, ogImageKey, type OgCard, type OgImageRenderer } from './og-image.ts';
import type { OgTags } from './og-tags.ts';

const STATUS_LABELS: Record<CampaignRow['status'], string> = {
  draft: '下書き',
  scheduled: '開催予定',
  live: '開催中',
  ended: '終了',
};
/** satori draws PNG and JPEG pictures; larger files are left out of the card. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg']);
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

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
 * drawn to `ogp/{campaignId}.png` in the public storage and redrawn only when what it shows has changed.
 */
export class CampaignPageService {
  constructor(
    private readonly campaigns: CampaignService,
    private readonly campaignRows: CampaignRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly assetRows: AssetRepository,
    private readonly storage: FileStorage,
    private readonly renderer: OgImageRenderer,
    private readonly options: { publicOrigin: string },
    private readonly log: Logger,
  ) {}

  /** The tags of a public campaign; null when there is none to show (unknown, draft, suspended streamer). */
  async openGraph(id: string): Promise<OgTags | null> {
    const found = await this.campaigns.findPublic(id);
    if (!found) return null;
    const { campaign, streamer } = found;
    const prize = await this.goods.findById(campaign.prizeDigitalGoodsId);
    const pictureId = campaign.coverAssetId ?? prize?.imageAssetId ?? null;
    const picture = pictureId ? await this.assetRows.findById(pictureId) : null;
    const card = await this.card(campaign, streamer, prize?.name ?? '', picture);
    const imageUrl = await this.ensureImage(campaign, card, picture);
    const description = campaign.description.trim()
      ? [...campaign.description.trim().replace(/\s+/g, ' ')].slice(0, 200).join('')
      : `${streamer.name}のキャンペーン。賞品: ${card.prizeName}。${card.period}`;
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
    picture: AssetRow | null,
  ): Promise<OgCard> {
    let pictureDataUrl: string | null = null;
    if (picture && PICTURE_TYPES.has(picture.mediaType) && picture.size <= PICTURE_MAX_BYTES) {
      const body = await this.storage.get(picture.storageKey).catch(() => null);
      if (body)
        pictureDataUrl = `data:${picture.mediaType};base64,${(await streamToBuffer(body)).toString('base64')}`;
    }
    return {
      title: campaign.title,
      streamerName: streamer.name,
      period: `${dateFormat.format(campaign.startsAt)} 〜 ${dateFormat.format(campaign.endsAt)} (JST)`,
      statusLabel: STATUS_LABELS[campaign.status],
      prizeName,
      pictureDataUrl,
      pictureKey: pictureDataUrl && picture ? picture.storageKey : null,
    };
  }

  /** The picture's URL, redrawing it first when the stored one is missing or shows something else. */
  private async ensureImage(campaign: CampaignRow, card: OgCard, picture: AssetRow | null): Promise<string> {
    const key = ogImageKey(campaign.id);
    const hash = ogCardHash(card);
    try {
      if (campaign.ogImageHash !== hash || !(await this.storage.stat(key))) {
        const png = await this.renderer.render(card);
        await this.storage.put(key, png, {
          contentType: 'image/png',
          size: png.length,
          cacheControl: 'public, max-age=300',
        });
        await this.campaignRows.setOgImageHash(campaign.id, hash);
        this.log.info({ campaignId: campaign.id, bytes: png.length }, 'campaign OG image drawn');
      }
      return `${this.storage.publicUrl(key)}?v=${hash}`;
    } catch (error) {
      this.log.error({ err: error, campaignId: campaign.id }, 'could not draw the campaign OG image');
      return picture
        ? this.storage.publicUrl(picture.storageKey)
        : `${this.options.publicOrigin}/favicon.svg`;
    }
  }
}

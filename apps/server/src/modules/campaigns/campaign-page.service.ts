import type { Campaign } from '@hanabi/api';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { ogTexts, shortDescription, type OgCardImages, type OgLocale } from '../og-pages/index.ts';
import {
  firstPaintFrame,
  firstPaintPicture,
  firstPaintText,
  firstPaintTitle,
  safeImageUrl,
  type FirstPaint,
} from '../og-pages/index.ts';
import type { OgCard } from '../og-pages/index.ts';
import type { OgTags } from '../og-pages/index.ts';
import type { CampaignRepository, CampaignRow, StreamerRow } from './campaign.repository.ts';
import type { CampaignReads } from './campaign-reads.ts';
import type { CampaignService } from './campaign.service.ts';

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
    private readonly reads: CampaignReads,
    private readonly options: { publicOrigin: string },
  ) {}

  /**
   * What a phone shows of `/campaign/{id}` before the app's script runs (decision 0101): the title, the cover
   * (16:9, at most 320 px) and the prize card with its square picture, where the page draws them. From the same
   * cached public read the API answers with, so a burst costs no extra query. Null when not public.
   */
  async firstPaint(id: string): Promise<FirstPaint | null> {
    const body = await this.reads.publicDetail(null, id);
    if (!body) return null;
    // Drawn once per version of the campaign's public body (its ETag), not per open.
    const drawn = this.painted.get(id);
    if (drawn?.version === body.etag) return drawn;
    const paint = this.draw(JSON.parse(body.json) as Campaign, body.etag);
    this.painted.delete(id);
    this.painted.set(id, paint);
    if (this.painted.size > 2000) this.painted.delete(this.painted.keys().next().value as string);
    return paint;
  }

  /** The newest first paint of each campaign, by id (see `firstPaint`). */
  private readonly painted = new Map<string, FirstPaint & { version: string }>();

  private draw(campaign: Campaign, version: string): FirstPaint & { version: string } {
    const cover = safeImageUrl(campaign.coverImage?.url);
    const prize = campaign.prize.digitalGoods;
    const prizeImage = safeImageUrl(prize.image?.url);
    const prizeCard = [
      '<section class="fp-card">',
      prizeImage
        ? firstPaintPicture(prizeImage, prize.name, 'square', { width: 800, height: 800 })
        : '<div class="fp-square" style="background:var(--mantine-color-gray-1)"></div>',
      `<div class="fp-card-body">${firstPaintText(prize.name, 'strong')}</div>`,
      '</section>',
    ].join('');
    const streamerCard = `<section class="fp-card"><div class="fp-card-body">${firstPaintText(
      campaign.user.name,
      'strong',
    )}</div></section>`;
    return {
      markup: firstPaintFrame(
        [
          // The status line and the buttons row keep their heights, so the cover sits where the page puts it.
          '<div style="height:22px"></div>',
          `<div>${firstPaintTitle(campaign.title)}</div>`,
          '<div style="height:35px;margin-top:-8px"></div>',
          cover ? firstPaintPicture(cover, campaign.title, 'cover', { width: 1280, height: 720 }) : '',
          `<div class="fp-grid">${prizeCard}${streamerCard}</div>`,
        ].join(''),
      ),
      preloadImages: [cover ?? prizeImage].filter((url): url is string => url !== null),
      // The page's app takes the campaign from here instead of asking the API (decision 0113).
      data: { campaign },
      version,
    };
  }

  /** The tags of a public campaign; null when there is none to show (unknown, draft, suspended streamer). */
  async openGraph(id: string, locale: OgLocale): Promise<OgTags | null> {
    const found = await this.campaigns.findPublic(id);
    if (!found) return null;
    const { campaign, streamer } = found;
    const prize = await this.goods.findById(campaign.prizeDigitalGoodsId);
    const pictureId = campaign.coverAssetId ?? prize?.imageAssetId ?? null;
    const card = await this.card(campaign, streamer, prize?.name ?? '', pictureId, locale);
    const fallbackUrl = card.pictureKey ? this.images.publicUrl(card.pictureKey) : null;
    // The Japanese card keeps its fixed name and the hash the row remembers; another language's card carries its
    // hash in its name, so the two never take turns overwriting one file.
    const imageUrl =
      locale === 'ja'
        ? await this.images.named(campaign.id, card, {
            storedHash: campaign.ogImageHash,
            saveHash: (hash) => this.campaignRows.setOgImageHash(campaign.id, hash),
            fallbackUrl,
          })
        : await this.images.hashed(`campaign-${campaign.id}-${locale}`, card, fallbackUrl);
    const description = shortDescription(
      campaign.description,
      ogTexts(locale).campaign.description(streamer.name, card.lines.slice(0, 2)),
    );
    return {
      title: `${campaign.title} | Hanabi`,
      description,
      url: `${this.options.publicOrigin}/campaign/${encodeURIComponent(campaign.id)}`,
      imageUrl,
      imageAlt: `${campaign.title} — ${streamer.name}`,
      siteName: 'Hanabi',
      locale,
    };
  }

  private async card(
    campaign: CampaignRow,
    streamer: StreamerRow,
    prizeName: string,
    pictureId: string | null,
    locale: OgLocale,
  ): Promise<OgCard> {
    const words = ogTexts(locale).campaign;
    return {
      badge: words.status[campaign.status],
      title: campaign.title,
      lines: [words.prize(prizeName), words.period(campaign.startsAt, campaign.endsAt), streamer.name],
      ...(await this.images.picture(pictureId)),
    };
  }
}

import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { streamToBuffer } from '../../lib/stream-bytes.ts';
import { imageBounds } from '../../lib/image-bounds.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { ogCardHash, ogImageKey, type OgCard, type OgImageRenderer } from './og-image.ts';

/** satori draws PNG and JPEG pictures; larger files are left out of the card. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg']);
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export type CardPicture = Pick<OgCard, 'pictureDataUrl' | 'pictureKey'>;

/**
 * Draws Open Graph cards to `ogp/{name}.png` in the public storage and answers their URL, redrawing only when
 * what a card shows has changed. Shared by the campaign, streamer and goods pages for crawlers.
 */
export class OgCardImages {
  constructor(
    private readonly storage: FileStorage,
    private readonly renderer: OgImageRenderer,
    private readonly assets: AssetRepository,
    private readonly publicOrigin: string,
    private readonly log: Logger,
  ) {}

  /** An uploaded picture as a data: URL the card can show (none for other types or large files). */
  async picture(assetId: string | null): Promise<CardPicture> {
    const none = { pictureDataUrl: null, pictureKey: null };
    const asset = assetId ? await this.assets.findById(assetId) : null;
    if (!asset || !PICTURE_TYPES.has(asset.mediaType) || asset.size > PICTURE_MAX_BYTES) return none;
    const body = await this.storage.get(asset.storageKey).catch(() => null);
    if (!body) return none;
    const bytes = await streamToBuffer(body);
    // A picture stored before uploads were bounded may announce a canvas that would take gigabytes to draw.
    if (!imageBounds(bytes).ok) return none;
    const base64 = bytes.toString('base64');
    return { pictureDataUrl: `data:${asset.mediaType};base64,${base64}`, pictureKey: asset.storageKey };
  }

  /**
   * A card stored under a name that carries its hash (`ogp/{prefix}-{hash}.png`): a stored file is current by
   * its name alone, so no column is needed to remember what was drawn.
   */
  async hashed(prefix: string, card: OgCard, fallbackUrl: string | null): Promise<string> {
    const key = ogImageKey(`${prefix}-${ogCardHash(card)}`);
    return this.draw(key, card, fallbackUrl, async () => (await this.storage.stat(key)) !== null);
  }

  /** A card stored under a fixed name, current while `storedHash` (kept by the caller) matches. */
  async named(
    name: string,
    card: OgCard,
    options: {
      storedHash: string | null;
      saveHash: (hash: string) => Promise<void>;
      fallbackUrl: string | null;
    },
  ): Promise<string> {
    const key = ogImageKey(name);
    const hash = ogCardHash(card);
    const url = await this.draw(
      key,
      card,
      options.fallbackUrl,
      async () => options.storedHash === hash && (await this.storage.stat(key)) !== null,
      () => options.saveHash(hash),
    );
    return url === this.storage.publicUrl(key) ? `${url}?v=${hash}` : url;
  }

  private async draw(
    key: string,
    card: OgCard,
    fallbackUrl: string | null,
    isCurrent: () => Promise<boolean>,
    drawn?: () => Promise<void>,
  ): Promise<string> {
    try {
      if (!(await isCurrent())) {
        const png = await this.renderer.render(card);
        await this.storage.put(key, png, {
          contentType: 'image/png',
          size: png.length,
          cacheControl: 'public, max-age=300',
        });
        await drawn?.();
        this.log.info({ key, bytes: png.length }, 'OG image drawn');
      }
      return this.storage.publicUrl(key);
    } catch (error) {
      // A page without its picture is still worth showing: fall back rather than fail the crawler.
      this.log.error({ err: error, key }, 'could not draw an OG image');
      return fallbackUrl ?? `${this.publicOrigin}/favicon.svg`;
    }
  }

  /** The public URL of a stored file (e.g. the uploaded picture when drawing failed). */
  publicUrl(storageKey: string): string {
    return this.storage.publicUrl(storageKey);
  }
}

/** A description for a crawler: the text as one line, at most 200 characters. */
export function shortDescription(text: string, fallback: string): string {
  const line = text.trim().replace(/\s+/g, ' ');
  return line ? [...line].slice(0, 200).join('') : fallback;
}

/** What a page's lookup answers for a crawler: its value, or null when the API would answer 404. */
export async function unlessNotFound<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

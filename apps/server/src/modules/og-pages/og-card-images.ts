import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { streamToBuffer } from '../../lib/stream-bytes.ts';
import type { Logger } from '../../logger.ts';
import type { AssetRepository } from '../uploads/index.ts';
import { ogCardHash, ogImageKey, PLACEHOLDER_CARD, type OgCard } from './og-image.ts';
import { CardRenderBusy, type OgCardRenderer } from './og-card-renderer.ts';

/** satori draws PNG and JPEG pictures; larger files are left out of the card. */
const PICTURE_TYPES = new Set(['image/png', 'image/jpeg']);
const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Cards that failed, remembered (by key and hash) so they are not tried again; the oldest are forgotten first. */
const FAILED_MAX = 10_000;

export type CardPicture = Pick<OgCard, 'pictureKey'>;

/**
 * Open Graph cards in `ogp/{name}.png` in the public storage, answered by URL, redrawn only when what a card
 * shows has changed. Shared by the campaign, streamer and goods pages for crawlers. Drawing happens in the card
 * worker (decision 0211): a crawler's page waits for it at most `waitMs`, then points at the placeholder card
 * (drawn once) while the page's own card is finished in the background for the next crawler. A card that fails
 * (over the worker's limits, or broken) keeps the placeholder, is logged once and is not tried again until what
 * it shows changes.
 */
export class OgCardImages {
  private readonly drawing = new Map<string, Promise<boolean>>();
  private readonly failed = new Map<string, string>();
  private placeholder: Promise<string | null> | undefined;

  constructor(
    private readonly storage: FileStorage,
    private readonly renderer: OgCardRenderer,
    private readonly assets: AssetRepository,
    private readonly options: { publicOrigin: string; waitMs: number },
    private readonly log: Logger,
  ) {}

  /** An uploaded picture the card can show (none for other types or large files); read when it is drawn. */
  async picture(assetId: string | null): Promise<CardPicture> {
    const asset = assetId ? await this.assets.findById(assetId) : null;
    if (!asset || !PICTURE_TYPES.has(asset.mediaType) || asset.size > PICTURE_MAX_BYTES)
      return { pictureKey: null };
    return { pictureKey: asset.storageKey };
  }

  /**
   * A card stored under a name that carries its hash (`ogp/{prefix}-{hash}.png`): a stored file is current by
   * its name alone, so no column is needed to remember what was drawn.
   */
  async hashed(prefix: string, card: OgCard, fallbackUrl: string | null): Promise<string> {
    const hash = ogCardHash(card);
    const key = ogImageKey(`${prefix}-${hash}`);
    return this.cardUrl(key, hash, card, fallbackUrl, async () => (await this.storage.stat(key)) !== null);
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
    const url = await this.cardUrl(
      key,
      hash,
      card,
      options.fallbackUrl,
      async () => options.storedHash === hash && (await this.storage.stat(key)) !== null,
      () => options.saveHash(hash),
    );
    return url === this.storage.publicUrl(key) ? `${url}?v=${hash}` : url;
  }

  /** The public URL of a stored file (e.g. the uploaded picture when drawing failed). */
  publicUrl(storageKey: string): string {
    return this.storage.publicUrl(storageKey);
  }

  /** Stops the card worker (the app is closing). */
  close(): Promise<void> {
    return this.renderer.close();
  }

  private async cardUrl(
    key: string,
    hash: string,
    card: OgCard,
    fallbackUrl: string | null,
    isCurrent: () => Promise<boolean>,
    drawn?: () => Promise<void>,
  ): Promise<string> {
    try {
      if (await isCurrent()) return this.storage.publicUrl(key);
    } catch (error) {
      this.log.error({ err: error, key }, 'could not look up an OG image');
      return this.fallback(fallbackUrl);
    }
    // The page's own card is queued first: the placeholder is for when it is late.
    const own = this.failed.get(key) === hash ? null : this.draw(key, hash, card, drawn);
    const placeholder = this.placeholderUrl();
    if (own && (await waitAtMost(own, this.options.waitMs))) return this.storage.publicUrl(key);
    return (await waitAtMost(placeholder, 0)) ?? this.fallback(fallbackUrl);
  }

  /** Draws and stores a card once however many crawlers ask meanwhile; true when it is stored. */
  private draw(key: string, hash: string, card: OgCard, drawn?: () => Promise<void>): Promise<boolean> {
    const job = `${key}\n${hash}`;
    const running = this.drawing.get(job);
    if (running) return running;
    const done = (async () => {
      try {
        await this.store(key, card, drawn);
        return true;
      } catch (error) {
        // Too busy is nobody's fault: a later crawler asks again. Anything else is this card's own failure.
        if (error instanceof CardRenderBusy) return false;
        this.failed.delete(key);
        this.failed.set(key, hash);
        if (this.failed.size > FAILED_MAX) this.failed.delete(this.failed.keys().next().value as string);
        this.log.error({ err: error, key }, 'could not draw an OG image; its page shows the placeholder');
        return false;
      } finally {
        this.drawing.delete(job);
      }
    })();
    this.drawing.set(job, done);
    return done;
  }

  private async store(key: string, card: OgCard, drawn?: () => Promise<void>): Promise<void> {
    const picture = card.pictureKey ? await this.pictureBytes(card.pictureKey) : null;
    const { png, pictureLeftOut } = await this.renderer.render(card, picture);
    await this.storage.put(key, png, {
      contentType: 'image/png',
      size: png.length,
      cacheControl: 'public, max-age=300',
    });
    await drawn?.();
    this.log.info({ key, bytes: png.length, pictureLeftOut }, 'OG image drawn');
  }

  private async pictureBytes(storageKey: string): Promise<Buffer | null> {
    const body = await this.storage.get(storageKey).catch(() => null);
    return body ? streamToBuffer(body) : null;
  }

  /** The placeholder card's URL once it is stored (drawn by the first process that needs it); null until then. */
  private placeholderUrl(): Promise<string | null> {
    this.placeholder ??= (async () => {
      const key = ogImageKey(`placeholder-${ogCardHash(PLACEHOLDER_CARD)}`);
      if ((await this.storage.stat(key)) === null) await this.store(key, PLACEHOLDER_CARD);
      return this.storage.publicUrl(key);
    })().catch((error: unknown) => {
      this.log.error({ err: error }, 'could not draw the placeholder OG image');
      this.placeholder = undefined;
      return null;
    });
    return this.placeholder;
  }

  private fallback(fallbackUrl: string | null): string {
    return fallbackUrl ?? `${this.options.publicOrigin}/favicon.svg`;
  }
}

/** What `promise` gives if it settles within `ms` (0: only if it has already), else null. */
async function waitAtMost<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
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

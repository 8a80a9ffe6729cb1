import crypto from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { PUBLIC_PREFIX } from '../../adapters/storage/index.ts';
import { imageBounds } from '../../lib/image-bounds.ts';
import { readFontSubset } from '../fonts/index.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Bump when the picture's layout changes, so every stored image is redrawn. */
const TEMPLATE_VERSION = 'og-v2';

/** `ogp/{name}.png` in the public bucket (docs/design.md §9). */
export function ogImageKey(name: string): string {
  return `${PUBLIC_PREFIX}${name}.png`;
}

/** What the picture shows; its hash tells whether a stored picture is still current. */
export interface OgCard {
  /** The pill next to the HANABI mark (a campaign's status, "配信者", "デジタルグッズ"). */
  badge: string;
  title: string;
  /** Up to three short lines under the title; the last one is drawn in the accent colour. */
  lines: string[];
  /** The stored PNG or JPEG to show beside the text (read when the card is drawn, not when it is asked for). */
  pictureKey: string | null;
}

export function ogCardHash(card: OgCard): string {
  const shown = { badge: card.badge, title: card.title, lines: card.lines, pictureKey: card.pictureKey };
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([TEMPLATE_VERSION, shown]))
    .digest('hex')
    .slice(0, 16);
}

/** What a crawler is pointed at while a page's own card is not drawn yet, or could not be. */
export const PLACEHOLDER_CARD: OgCard = {
  badge: 'Hanabi',
  title: 'Hanabi',
  lines: ['配信者のプレゼントキャンペーン'],
  pictureKey: null,
};

/** The side of the square the card shows its picture in. */
const PICTURE_SIDE = 360;
/**
 * The most pixels a card's picture may have: decoding happens in native memory, which the worker's heap ceiling
 * does not bound (25 M pixels is 100 MB decoded; a 24-megapixel photo fits).
 */
export const CARD_PICTURE_MAX_PIXELS = 25_000_000;

/**
 * A stored picture decoded once, under limits, into the square PNG the card shows (cropped to fill, at its
 * drawn size), so the card's layout and rasterising never see the original. Null when it is over the limits or
 * not a picture resvg reads.
 */
export function fitPicture(bytes: Uint8Array): Buffer | null {
  const bounds = imageBounds(bytes);
  if (!bounds.ok || bounds.width * bounds.height > CARD_PICTURE_MAX_PIXELS) return null;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_SIDE}" height="${PICTURE_SIDE}">` +
    `<image href="picture" width="${PICTURE_SIDE}" height="${PICTURE_SIDE}" preserveAspectRatio="xMidYMid slice"/></svg>`;
  try {
    const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: PICTURE_SIDE } });
    resvg.resolveImage('picture', Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return resvg.render().asPng();
  } catch {
    return null;
  }
}

type Node = { type: string; props: Record<string, unknown> };
const h = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style, ...extra, ...(children === undefined ? {} : { children }) },
});

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/**
 * Draws an Open Graph picture (campaign, streamer, goods; satori lays out, resvg rasterises) with the Kosugi font the
 * server ships, so Japanese titles render everywhere without system fonts. Both block the thread they run on, and
 * a picture's decoding takes memory: it runs in the card worker (`og-card.worker.ts`), never on the request path.
 */
export class OgImageRenderer {
  private fonts: Promise<{ name: string; data: Buffer; weight: 400; style: 'normal' }[]> | undefined;

  private loadFonts() {
    this.fonts ??= Promise.all(
      ['latin', 'japanese'].map(async (subset) => {
        const data = await readFontSubset('kosugi', subset);
        if (!data) throw new Error(`The OG image font (@fontsource/kosugi, ${subset}) is not installed`);
        return { name: `Kosugi-${subset}`, data, weight: 400 as const, style: 'normal' as const };
      }),
    ).catch((error: unknown) => {
      this.fonts = undefined;
      throw error;
    });
    return this.fonts;
  }

  /** The card as a PNG; `picture` is what `fitPicture` made of its picture. */
  async render(card: OgCard, picture: Buffer | null): Promise<Buffer> {
    const pictureDataUrl = picture && `data:image/png;base64,${picture.toString('base64')}`;
    const textWidth = OG_WIDTH - 2 * 64 - (pictureDataUrl ? PICTURE_SIDE + 48 : 0);
    const text = h(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        width: textWidth,
        height: OG_HEIGHT - 2 * 64,
        justifyContent: 'space-between',
      },
      [
        h('div', { display: 'flex', flexDirection: 'column' }, [
          h('div', { display: 'flex', alignItems: 'center', marginBottom: 28 }, [
            h('div', { fontSize: 30, color: '#ffb347', letterSpacing: 4 }, 'HANABI'),
            h(
              'div',
              {
                marginLeft: 20,
                fontSize: 24,
                padding: '6px 18px',
                borderRadius: 999,
                background: '#ff5e7e',
                color: '#ffffff',
              },
              clip(card.badge, 20),
            ),
          ]),
          h(
            'div',
            { fontSize: 60, lineHeight: 1.25, color: '#ffffff', maxHeight: 230, overflow: 'hidden' },
            clip(card.title, 60),
          ),
        ]),
        h(
          'div',
          { display: 'flex', flexDirection: 'column', fontSize: 28, color: '#e6e0ff' },
          card.lines
            .slice(0, 3)
            .map((line, index, shown) =>
              index === shown.length - 1
                ? h('div', { color: '#ffb347' }, clip(line, 40))
                : h('div', { marginBottom: 10 }, clip(line, 60)),
            ),
        ),
      ],
    );
    const children: Node[] = [text];
    if (pictureDataUrl) {
      children.push(
        h(
          'img',
          {
            width: PICTURE_SIDE,
            height: PICTURE_SIDE,
            objectFit: 'cover',
            borderRadius: 24,
            marginLeft: 48,
            flexShrink: 0,
          },
          undefined,
          { src: pictureDataUrl, width: PICTURE_SIDE, height: PICTURE_SIDE },
        ),
      );
    }
    const root = h(
      'div',
      {
        display: 'flex',
        alignItems: 'center',
        width: OG_WIDTH,
        height: OG_HEIGHT,
        padding: 64,
        boxSizing: 'border-box',
        backgroundImage: 'linear-gradient(135deg, #1b1035 0%, #3b1a5a 60%, #7a2e5e 100%)',
        fontFamily: 'Kosugi-latin, Kosugi-japanese',
      },
      children,
    );
    const svg = await satori(root as never, {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      fonts: await this.loadFonts(),
    });
    return new Resvg(svg, { fitTo: { mode: 'width', value: OG_WIDTH } }).render().asPng();
  }
}

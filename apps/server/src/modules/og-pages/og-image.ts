import crypto from 'node:crypto';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { PUBLIC_PREFIX } from '../../adapters/storage/index.ts';
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
  /** A PNG or JPEG to show beside the text, as a data: URL. */
  pictureDataUrl: string | null;
  pictureKey: string | null;
}

export function ogCardHash(card: OgCard): string {
  const { pictureDataUrl: _bytes, ...shown } = card;
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([TEMPLATE_VERSION, shown]))
    .digest('hex')
    .slice(0, 16);
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
 * server ships, so Japanese titles render everywhere without system fonts.
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

  async render(card: OgCard): Promise<Buffer> {
    const textWidth = OG_WIDTH - 2 * 64 - (card.pictureDataUrl ? 360 + 48 : 0);
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
    if (card.pictureDataUrl) {
      children.push(
        h(
          'img',
          { width: 360, height: 360, objectFit: 'cover', borderRadius: 24, marginLeft: 48, flexShrink: 0 },
          undefined,
          {
            src: card.pictureDataUrl,
            width: 360,
            height: 360,
          },
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

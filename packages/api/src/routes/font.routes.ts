import { z } from 'zod';
import { defineRoute } from '../route.ts';
import { text } from '../string-primitives.ts';

/**
 * The four fonts of the digital goods editor (docs/original-spec.md §3). HuiFont P109 is not freely licensed, so a
 * freely licensed hand-written font (Yomogi, SIL OFL) stands in for it.
 */
export const EDITOR_FONTS = [
  { id: 'noto-serif-jp', family: 'Noto Serif JP', package: '@fontsource/noto-serif-jp' },
  { id: 'kosugi', family: 'Kosugi', package: '@fontsource/kosugi' },
  { id: 'tangerine', family: 'Tangerine', package: '@fontsource/tangerine' },
  { id: 'yomogi', family: 'Yomogi', package: '@fontsource/yomogi', substituteFor: 'HuiFont P109' },
] as const;
export type EditorFontId = (typeof EDITOR_FONTS)[number]['id'];

/** A font file as a data: URL, for embedding in the editor's SVG before it is drawn to a PNG. */
export const FontDataUrl = z.object({
  font: z.string(),
  family: z.string(),
  /** `woff` or `ttf`. */
  format: z.string(),
  dataUrl: z.string(),
});
export type FontDataUrl = z.infer<typeof FontDataUrl>;

export const fontRoutes = {
  fontDataUrl: defineRoute({
    method: 'GET',
    path: '/assets/font/data-url/:font.json',
    access: 'public',
    summary: 'An editor font as a data: URL (font = noto-serif-jp | kosugi | tangerine | yomogi)',
    params: z.object({ font: text().min(1).max(50) }),
    response: FontDataUrl,
  }),
};

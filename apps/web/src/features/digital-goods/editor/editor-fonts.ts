import '@fontsource/noto-serif-jp/400.css';
import '@fontsource/kosugi/400.css';
import '@fontsource/tangerine/400.css';
import '@fontsource/yomogi/400.css';
import { EDITOR_FONTS } from '@hanabi/api';
import type { EditorFontId } from '@hanabi/api';

/** The editor's fonts, self-hosted through @fontsource (Yomogi stands in for HuiFont P109). */
export const FONTS = EDITOR_FONTS;
export type FontId = EditorFontId;

export function familyOf(id: FontId): string {
  return FONTS.find((font) => font.id === id)?.family ?? 'sans-serif';
}

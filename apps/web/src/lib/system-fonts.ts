/**
 * System fonts only (no web-font download, no late reflow): Latin UI fonts first, then each platform's Japanese
 * font — macOS/iOS Hiragino, Windows Yu Gothic (the `UI` variant has proper UI metrics) and Meiryo, Android and
 * Linux Noto Sans CJK / Noto Sans JP — before the generic family. The goods editor loads its own fonts on demand.
 * Its own module (no imports) so the build's first-paint step can read it too (decision 0120).
 */
export const systemFonts = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Hiragino Sans"',
  '"Hiragino Kaku Gothic ProN"',
  '"Yu Gothic UI"',
  '"Yu Gothic"',
  'YuGothic',
  'Meiryo',
  '"Noto Sans JP"',
  '"Noto Sans CJK JP"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

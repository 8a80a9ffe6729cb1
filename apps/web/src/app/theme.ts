import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import { systemFonts } from '../lib/system-fonts';

/** "Hanabi" (fireworks): a warm carmine red, like the first burst of a summer firework. */
const hanabi: MantineColorsTuple = [
  '#fff0f3',
  '#ffdee4',
  '#fcbcc8',
  '#f797aa',
  '#f1758f',
  '#ec5a79',
  '#e23d63',
  '#c92a52',
  '#a81f43',
  '#881636',
];

/** Spark gold, for accents. */
const spark: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffab09',
  '#e39500',
  '#ca8500',
  '#af7100',
];

export const theme = createTheme({
  colors: { hanabi, spark },
  primaryColor: 'hanabi',
  // Shade 7 keeps white button text above 4.5:1 contrast.
  primaryShade: { light: 7, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
});

/**
 * Mantine's default "dimmed" grey (#868e96) is 3.3:1 on white, below WCAG AA; gray.7 keeps secondary text readable
 * (about 8:1) while still looking secondary.
 */
export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: { '--mantine-color-dimmed': mantineTheme.colors.gray[7] },
  dark: {},
});

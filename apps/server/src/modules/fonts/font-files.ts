import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { EDITOR_FONTS } from '@hanabi/api';

const require = createRequire(import.meta.url);

export interface FontFile {
  id: string;
  family: string;
  format: 'woff';
  path: string;
}

/**
 * The file of an editor font, from its self-hosted `@fontsource` package: the Japanese subset when the family
 * has one (it also holds the Latin letters), else the Latin subset. Null when the package is not installed.
 */
export function resolveFontFile(id: string): FontFile | null {
  const font = EDITOR_FONTS.find((candidate) => candidate.id === id);
  if (!font) return null;
  for (const subset of ['japanese', 'latin']) {
    try {
      const file = require.resolve(`${font.package}/files/${font.id}-${subset}-400-normal.woff`);
      return { id: font.id, family: font.family, format: 'woff', path: file };
    } catch {
      // try the next subset
    }
  }
  return null;
}

/** The bytes of a font's subset file (e.g. `latin`), or null when it is not installed. */
export async function readFontSubset(id: string, subset: string): Promise<Buffer | null> {
  const font = EDITOR_FONTS.find((candidate) => candidate.id === id);
  if (!font) return null;
  try {
    return await fs.readFile(require.resolve(`${font.package}/files/${font.id}-${subset}-400-normal.woff`));
  } catch {
    return null;
  }
}

import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EDITOR_FONTS } from '@hanabi/api';
import { serverPaths } from '../../paths.ts';

const require = createRequire(import.meta.url);

/**
 * Where a font subset file is: the production image's copy (`apps/server/fonts`, only the files served) first, else
 * the `@fontsource` package of a full install. Throws when neither has it.
 */
function locate(font: (typeof EDITOR_FONTS)[number], subset: string): string {
  const name = `${font.id}-${subset}-400-normal.woff`;
  const staged = path.join(serverPaths.fonts, name);
  return existsSync(staged) ? staged : require.resolve(`${font.package}/files/${name}`);
}

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
      const file = locate(font, subset);
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
    return await fs.readFile(locate(font, subset));
  } catch {
    return null;
  }
}

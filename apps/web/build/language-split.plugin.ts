import type { Plugin } from 'vite';

const EN_MESSAGES = /\/src\/lib\/i18n\/en\.ts$/;
const SECTION = /^\.\/sections\//;
const QUERY = '?lang=en';

/**
 * Production builds only (decision 0102): each `lib/i18n/sections/*.ts` holds a section's Japanese and English
 * messages side by side (so their owners edit one file). Japanese is in the first load and English a lazy chunk,
 * but one module cannot be split across chunks, so the English half rode along in the first load. The English
 * messages (`en.ts`) get their own instance of each section module (same file, `?lang=en`), so the bundler keeps
 * only the half each instance's importer uses: Japanese in the first load, English in its lazy chunk.
 */
export function languageSplit(): Plugin {
  return {
    name: 'hanabi-language-split',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !EN_MESSAGES.test(importer) || !SECTION.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: `${resolved.id}${QUERY}` } : null;
    },
  };
}

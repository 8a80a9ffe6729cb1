/**
 * The messages a production build leaves out of the first load, one lazy chunk per language (decision 0190: the
 * build's message split replaces this module and `./ja`/`./en` as `index.ts` imports them). In dev and tests,
 * `ja.ts` and `en.ts` hold every message, so there is nothing to load later.
 */
export const laterMessages: Record<'ja' | 'en', (() => Promise<object>) | null> = { ja: null, en: null };

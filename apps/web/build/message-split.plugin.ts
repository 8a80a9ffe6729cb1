import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as EnMessages from '../src/lib/i18n/en';
import type * as JaMessages from '../src/lib/i18n/ja';
import { APP_MODULE, FIRST_LOAD_PAGES } from './first-load-pages';

/** A message tree: nested objects whose leaves are the texts. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const I18N_INDEX = path.join(webRoot, 'src/lib/i18n/index.ts');
const LOCALES = ['ja', 'en'] as const;
type Locale = (typeof LOCALES)[number];
type Part = 'first' | 'later';
const VIRTUAL = '\0hanabi-messages:';
/** A string the generated modules hold until the chunks are rendered, when the first load is known. */
const placeholder = (locale: Locale, part: Part) => `__HANABI_MESSAGES_${locale}_${part}__`;
const PLACEHOLDER = /(["'`])__HANABI_MESSAGES_(ja|en)_(first|later)__\1/g;

/**
 * The message keys a piece of code names: every string that starts with a top-level message group and a dot
 * (`'campaigns.detail.title'`, and the literal start of a template key such as `` `liveRoom.status.${s}` ``).
 */
export function keyReferences(code: string, groups: readonly string[]): Set<string> {
  const names = groups.map((group) => group.replace(/[$]/g, '\\$&')).join('|');
  const pattern = new RegExp(`["'\`]((?:${names})\\.[\\w.]*)`, 'g');
  return new Set([...code.matchAll(pattern)].map((match) => match[1]!));
}

/**
 * True when the text at `key` may be asked for by a reference: the key itself, its plural and context forms
 * (`followers` → `followers_one`), everything under it, and — for a reference that ends where code appends to
 * it (`` `liveRoom.status.${s}` ``) — every key it starts.
 */
function referenced(key: string, references: readonly string[]): boolean {
  return references.some((ref) =>
    /[._]$/.test(ref)
      ? key.startsWith(ref)
      : key === ref || key.startsWith(`${ref}.`) || key.startsWith(`${ref}_`),
  );
}

/** Splits messages into the texts the references may ask for (first) and all others (later). */
export function splitMessages(
  messages: MessageTree,
  references: Iterable<string>,
): { first: MessageTree; later: MessageTree } {
  const refs = [...references];
  const first: MessageTree = {};
  const later: MessageTree = {};
  const walk = (node: MessageTree, prefix: string, firstOut: MessageTree, laterOut: MessageTree) => {
    for (const [name, value] of Object.entries(node)) {
      const key = `${prefix}${name}`;
      if (typeof value === 'string') {
        (referenced(key, refs) ? firstOut : laterOut)[name] = value;
        continue;
      }
      const firstChild: MessageTree = {};
      const laterChild: MessageTree = {};
      walk(value, `${key}.`, firstChild, laterChild);
      if (Object.keys(firstChild).length > 0) firstOut[name] = firstChild;
      if (Object.keys(laterChild).length > 0) laterOut[name] = laterChild;
    }
  };
  walk(messages, '', first, later);
  return { first, later };
}

/**
 * Production builds only (decision 0190): the Japanese and English messages were ~20 KiB gzip of every page's
 * first load although a public page shows a few dozen of them. `lib/i18n` gets, for `./ja` and `./en`, the texts
 * the first load names (the code of the entry, the app module and the public pages' route modules, with
 * everything they import statically), and `./later-messages` loads all others as one chunk per language. Which
 * texts the first load names is known once every module is parsed, so the generated modules carry a placeholder
 * that the chunk rendering replaces. The messages come from `ja.ts`/`en.ts` when the build starts (one source);
 * dev and tests keep every message in `ja.ts`/`en.ts`.
 */
export function messageSplit(): Plugin {
  const messages = {} as Record<Locale, MessageTree>;
  const parts = {} as Record<`${Locale}_${Part}`, MessageTree>;
  return {
    name: 'hanabi:message-split',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const [{ module: ja }, { module: en }] = await Promise.all([
        runnerImport<typeof JaMessages>(path.join(webRoot, 'src/lib/i18n/ja.ts')),
        runnerImport<typeof EnMessages>(path.join(webRoot, 'src/lib/i18n/en.ts')),
      ]);
      messages.ja = ja.ja as unknown as MessageTree;
      messages.en = en.en as unknown as MessageTree;
    },
    resolveId(source, importer) {
      if (source.startsWith(VIRTUAL.slice(1))) return `\0${source}`;
      if (importer !== I18N_INDEX) return null;
      if (source === './ja' || source === './en') return `${VIRTUAL}${source.slice(2)}:first`;
      if (source === './later-messages') return `${VIRTUAL}later`;
      return null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const [locale, part] = id.slice(VIRTUAL.length).split(':') as [Locale | 'later', Part | undefined];
      if (locale === 'later') {
        const loaders = LOCALES.map(
          (lng) =>
            `${lng}: () => import(${JSON.stringify(`${VIRTUAL.slice(1)}${lng}:later`)}).then((m) => m.default)`,
        );
        return `export const laterMessages = { ${loaders.join(', ')} };`;
      }
      const data = `JSON.parse(${JSON.stringify(placeholder(locale, part!))})`;
      return part === 'first' ? `export const ${locale} = ${data};` : `export default ${data};`;
    },
    buildEnd(error) {
      if (error) return;
      // The first load: the entry, the app module and each public page's route module, with their static imports.
      const ids = [...this.getModuleIds()];
      const roots = ['src/boot.ts', APP_MODULE, ...FIRST_LOAD_PAGES.map(({ module }) => module)].map(
        (module) => {
          const id = ids.find((candidate) => candidate === path.join(webRoot, module));
          if (!id) throw new Error(`message split: ${module} is not part of the build`);
          return id;
        },
      );
      const seen = new Set<string>();
      const references = new Set<string>();
      const groups = Object.keys(messages.ja);
      const visit = (id: string) => {
        if (seen.has(id)) return;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (!info) return;
        if (info.code && !id.startsWith(VIRTUAL))
          keyReferences(info.code, groups).forEach((ref) => references.add(ref));
        info.importedIds.forEach(visit);
      };
      roots.forEach(visit);
      for (const locale of LOCALES) {
        const { first, later } = splitMessages(messages[locale], references);
        parts[`${locale}_first`] = first;
        parts[`${locale}_later`] = later;
      }
    },
    renderChunk(code) {
      if (!code.includes('__HANABI_MESSAGES_')) return null;
      return code.replace(PLACEHOLDER, (_match, _quote, locale: Locale, part: Part) =>
        JSON.stringify(JSON.stringify(parts[`${locale}_${part}`])),
      );
    },
  };
}

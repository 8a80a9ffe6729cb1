import rosetta from 'rosetta';
import type { MessageTree, Messages } from './ja';

/** Every text's key: the dot path of a leaf of the messages (`'campaigns.detail.title'`). */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

/** The plural categories of `Intl.PluralRules`; a plural text is `key_one`, `key_other`… */
type PluralCategory = Intl.LDMLPluralRule;
/** A plural text's key without its category (`'streamerDirectory.followers'`): asked for with `{ count }`. */
export type PluralKey = MessageKey extends infer K
  ? K extends `${infer Base}_${PluralCategory}`
    ? Base
    : never
  : never;

/** The values a text interpolates (`{{name}}`), and `count` picking a plural form (and interpolated too). */
export interface TOptions {
  count?: number;
  [name: string]: unknown;
}

/** Looks a text up by its key; a plural key needs `count`. */
export interface TFunction {
  (key: PluralKey, options: TOptions & { count: number }): string;
  (key: MessageKey, options?: TOptions): string;
}

/** The text at a dot path of a message tree, if it is a text. */
function textAt(tree: MessageTree | undefined, key: string): string | undefined {
  let node: MessageTree | string | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Adds `source` into `target`, keeping the texts `target` has (i18next's deep, non-overwriting bundle merge). */
function mergeInto(target: MessageTree, source: MessageTree): MessageTree {
  for (const [name, value] of Object.entries(source)) {
    const present = target[name];
    if (present === undefined) target[name] = typeof value === 'string' ? value : mergeInto({}, value);
    else if (typeof present === 'object' && typeof value === 'object') mergeInto(present, value);
  }
  return target;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lang: string, count: number): PluralCategory {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/**
 * The messages of each language and the lookup over them (rosetta: dot keys, `{{name}}` interpolation without
 * escaping, React escapes). Adds what i18next did here: plural forms (`key_one`/`key_other` by
 * `Intl.PluralRules`, falling back to `key_other`), the fallback language when a text is missing, and the
 * caller's answer for a key missing in both (`missing`).
 */
export function createTranslator(fallback: string, missing: (key: string) => string) {
  const tables: Record<string, MessageTree> = {};
  const store = rosetta<MessageTree>(tables);

  /** The key of the text to show for `key` in `lang` (its plural form when `count` is given), if there is one. */
  function resolvedKey(lang: string, key: string, count: unknown): string | undefined {
    const table = tables[lang];
    if (typeof count === 'number') {
      for (const form of [`${key}_${pluralCategory(lang, count)}`, `${key}_other`]) {
        if (textAt(table, form) !== undefined) return form;
      }
    }
    return textAt(table, key) !== undefined ? key : undefined;
  }

  function translate(lang: string, key: string, options?: TOptions): string {
    for (const candidate of lang === fallback ? [lang] : [lang, fallback]) {
      const found = resolvedKey(candidate, key, options?.count);
      if (found !== undefined) return store.t(found, options ?? {}, candidate);
    }
    return missing(key);
  }

  return {
    translate,
    /** Whether `lang` (or the fallback language) has a text for `key`. */
    exists: (lang: string, key: string) =>
      textAt(tables[lang], key) !== undefined || textAt(tables[fallback], key) !== undefined,
    has: (lang: string) => tables[lang] !== undefined,
    /** Merges messages into a language's (deep, keeping the texts it has). */
    add: (lang: string, messages: MessageTree) => store.set(lang, mergeInto(tables[lang] ?? {}, messages)),
    remove: (lang: string) => void delete tables[lang],
  };
}

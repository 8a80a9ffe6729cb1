import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiRoutes } from './index.ts';
import { entityId, isContractText, multilineText, text } from './string-primitives.ts';

/** Every string node of a schema with its path (`body.items[]`), through wrappers, unions, records and pipes. */
export function stringNodes(
  schema: z.ZodType,
  path: string,
  seen = new Set<z.ZodType>(),
): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, childPath: string) => stringNodes(child as z.ZodType, childPath, seen);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        walk(child, `${path}.${key}`),
      );
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((item, index) => walk(item, `${path}[${index}]`));
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'lazy':
      return walk((def.getter as () => z.ZodType)(), path);
    default:
      return [];
  }
}

describe('the string primitive', () => {
  it('refuses NUL, control characters and lone surrogates; one-line text refuses line breaks', () => {
    for (const bad of ['a\u0000b', '\u0007', 'a\nb', 'tab\there', '\u007f', '\u0085', '\uD800', 'x\uDFFFy']) {
      expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    for (const good of ['', 'はなび', '🎆 fireworks', 'e\u0301', 'Zalgo̶̢', '\uD83C\uDF86']) {
      expect(text().safeParse(good).success, JSON.stringify(good)).toBe(true);
    }
  });
  it('lets multi-line text keep line breaks and tabs, nothing else', () => {
    expect(multilineText().safeParse('one\r\ntwo\tthree').success).toBe(true);
    for (const bad of ['a\u0000', '\u001b[31m', '\uDC00']) {
      expect(multilineText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
  it('shapes record ids as UUIDs', () => {
    expect(entityId().safeParse('3f2504e0-4f89-41d3-9a0c-0305e82c3301').success).toBe(true);
    for (const bad of ['1', 'nope', '3f2504e0-4f89-41d3-9a0c-0305e82c3301\u0000', '../etc/passwd']) {
      expect(entityId().safeParse(bad).success, bad).toBe(false);
    }
  });
  it('names the refused field in its issue path', () => {
    const result = text().min(1).safeParse('\u0000');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/control characters/);
  });

  it('is what every string a client sends is built from (params, query, body of every route)', () => {
    const offenders: string[] = [];
    for (const [name, route] of Object.entries(apiRoutes)) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = (route as { [key in typeof part]?: z.ZodType })[part];
        if (!schema) continue;
        for (const [path, node] of stringNodes(schema, `${name}.${part}`)) {
          if (!isContractText(node)) offenders.push(path);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

import fc from 'fast-check';
import type { z } from 'zod';

/*
 * Inputs generated from the contract's zod schemas with fast-check (issue 20's fuzzing): `validInput` follows a
 * schema (lengths, numbers, enums, formats, record ids taken from the database so requests reach real rows),
 * `hostileValue` is what a schema must refuse or survive (NUL, controls, lone surrogates, emoji and combining
 * marks, very long text, wrong types, boundary numbers). Only what the route table uses is covered; anything
 * else falls back to arbitrary JSON.
 */

export interface IdPools {
  /** Record ids (UUIDs) that exist in the database. */
  ids: string[];
  /** Platform ids of live streams (channel and broadcast ids). */
  platformIds: string[];
}

type Def = Record<string, unknown> & { type: string };
type CheckDef = Record<string, unknown> & { check: string };

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
const checksOf = (schema: z.ZodType): CheckDef[] =>
  ((defOf(schema).checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

const UUID_SOURCE = '[0-9a-fA-F]{8}-';
// Printable text people type: letters of several scripts, emoji, combining marks.
const friendlyText = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    'はなび',
    '夏祭り 🎆',
    'e\u0301te\u0301',
    'Z̷͙a̵l̶g̸o',
    '👩‍👩‍👧‍👦',
    'مرحبا',
    'O\'Brien "quote" <b>x</b>',
  ),
);

function stringArbitrary(schema: z.ZodType, pools: IdPools): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = Math.min(max, check.maximum as number);
    if (check.check === 'length_equals') min = max = check.length as number;
    if (check.check !== 'string_format') continue;
    const format = check.format as string;
    const pattern = check.pattern as RegExp | undefined;
    if (format === 'regex' && pattern?.source.includes(UUID_SOURCE)) {
      return pools.ids.length > 0 ? fc.oneof(fc.constantFrom(...pools.ids), fc.uuid()) : fc.uuid();
    }
    if (format === 'regex' && pattern?.source.includes('A-Za-z0-9_.:-') && pools.platformIds.length > 0) {
      return fc.constantFrom(...pools.platformIds);
    }
    if (format === 'datetime') {
      return fc
        .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    }
    if (format === 'url') return fc.webUrl({ validSchemes: ['https'] });
    if (format === 'base64') return fc.base64String({ maxLength: 200 });
    if (format === 'email') return fc.emailAddress();
    if (format === 'regex' && pattern) {
      try {
        return fc.stringMatching(pattern).filter((value) => value.length <= 2048);
      } catch {
        // fast-check cannot generate from every pattern (lookaheads): site paths are the ones the contract has.
        return fc.constantFrom('/', '/streamer/account', '/audience/home?tab=1');
      }
    }
  }
  const boundary = max < 60 ? [fc.constant('あ'.repeat(max)), fc.constant('a'.repeat(max))] : [];
  return fc.oneof(
    { weight: 4, arbitrary: friendlyText.filter((value) => value.length >= min && value.length <= max) },
    ...boundary.map((arbitrary) => ({ weight: 1, arbitrary })),
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, max) }) },
  );
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  let min = -1e6;
  let max = 1e6;
  let integer = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = (check.value as number) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && String(check.format).includes('int')) integer = true;
  }
  min = Math.max(min, -Number.MAX_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  const inside = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return fc.oneof({ weight: 3, arbitrary: inside }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
}

/** An input the schema describes (it may still fail refinements across fields; the fuzzer counts those). */
export function validInput(schema: z.ZodType, pools: IdPools): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => validInput(def[key] as z.ZodType, pools);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, pools);
    case 'number':
      return numberArbitrary(schema);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1n << 64n });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const entries = Object.fromEntries(
        Object.entries(shape).map(([key, child]) => [key, validInput(child, pools)]),
      );
      const requiredKeys = Object.keys(shape).filter(
        (key) => !['optional', 'default', 'prefault'].includes(defOf(shape[key]!).type),
      );
      return fc.record(entries, { requiredKeys });
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(schema)) {
        if (check.check === 'min_length') minLength = check.minimum as number;
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum as number);
      }
      return fc.array(inner('element'), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => validInput(item, pools)));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), inner('valueType'), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => validInput(option, pools)));
    case 'intersection':
      return fc
        .tuple(inner('left'), inner('right'))
        .map(([left, right]) => ({ ...(left as object), ...(right as object) }));
    case 'pipe':
      return inner('in');
    case 'optional':
      return fc.option(inner('innerType'), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'lazy':
      return validInput((def.getter as () => z.ZodType)(), pools);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Text that no schema should let reach the database as is, or that stresses it. */
export const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m',
  '\u007f\u0085',
  'line\nbreak\r\n\ttab',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF\u200B\u202E',
  '🎆'.repeat(500),
  'e' + '\u0301'.repeat(300),
  'あ'.repeat(10_001),
  'a'.repeat(100_000),
  '',
  ' ',
  '../../../etc/passwd',
  '%00',
  "'; drop table campaign; --",
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '__proto__',
  '0x' + 'f'.repeat(40),
  '99999999999999999999999999999999999999999999999999999999999999999999999999999999',
];

/** A value of any wrong kind, or a hostile one of the right kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      -1,
      0,
      -0,
      1.5,
      2 ** 31,
      2 ** 53 + 1,
      1e308,
      -1e308,
      Number.MIN_VALUE,
      null,
      true,
      false,
      [],
      {},
      [null],
      { $ne: null },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { apiRoutes, authEndpoints, type RouteDefinition } from '@hanabi/api';
import { hostileValue, validInput, type IdPools } from '../test/contract-arbitraries.ts';
import { createContractWorld, ROLES, type ContractWorld, type Role } from '../test/contract-world.ts';

/*
 * Contract-driven fuzzing (issue 20): every route of the route table, as every role, with inputs generated from
 * its own zod schemas — valid random ones and hostile ones (wrong types, missing and extra fields, boundary
 * lengths and numbers, NUL and other controls, lone surrogates, emoji and combining marks, very long strings,
 * huge and deeply nested bodies, `__proto__`/`constructor` keys, duplicate keys, invalid UTF-8). Seeded and a
 * fixed number of cases (FUZZ_RUNS per route and role), so a failure replays. It asserts: never a 5xx, never a
 * stack trace or SQL in a body, every refusal in the one error envelope, and a refused request changed no row.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20_2611);
const BODY_LIMIT = 65_536;

interface Case {
  kind: string;
  params: Record<string, unknown>;
  query: Record<string, unknown> | undefined;
  /** A JSON value to send, or raw bytes (`raw`) for what JSON.stringify cannot write. */
  body?: unknown;
  raw?: Buffer;
}

/** Percent-encodes any JS string, lone surrogates included (as WTF-8 bytes, which are not UTF-8). */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((char) => {
        const code = char.charCodeAt(0);
        if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
          return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function urlOf(route: RouteDefinition, testCase: Case): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeSegment(asText(testCase.params[name] ?? 'x') || 'x'),
  );
  const query = Object.entries(testCase.query ?? {})
    .filter(([, value]) => value !== undefined)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (item) => `${encodeSegment(key)}=${encodeSegment(asText(item))}`,
      ),
    );
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** Replaces one value somewhere inside (a random key of an object, an item of an array), or the whole. */
function replaceSomewhere(value: unknown, pick: number, replacement: unknown, depth = 0): unknown {
  if (depth > 3 || typeof value !== 'object' || value === null) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[pick % keys.length]!;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...value };
  (copy as Record<string, unknown>)[key] = replaceSomewhere(
    (value as Record<string, unknown>)[key],
    Math.floor(pick / 7),
    replacement,
    depth + 1,
  );
  return copy;
}

function dropSomewhere(value: unknown, pick: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 0) return value;
  const copy = { ...(value as Record<string, unknown>) };
  delete copy[keys[pick % keys.length]!];
  return copy;
}

function caseArbitrary(route: RouteDefinition, pools: IdPools): fc.Arbitrary<Case> {
  const part = (schema: z.ZodType | undefined) =>
    schema ? validInput(schema, pools) : fc.constant(undefined as unknown);
  const valid = fc
    .record({ params: part(route.params), query: part(route.query), body: part(route.body) })
    .map(({ params, query, body }): Case => ({
      kind: 'valid',
      params: (params ?? {}) as Record<string, unknown>,
      query: query as Record<string, unknown> | undefined,
      body,
    }));
  const target = fc.constantFrom<'params' | 'query' | 'body'>(
    ...(['params', 'query', 'body'] as const).filter((key) => route[key] !== undefined),
    'body',
  );
  const hostile = fc.tuple(valid, target, fc.nat(), hostileValue).map(([base, where, pick, bad]): Case => {
    const replaced = replaceSomewhere(base[where] ?? {}, pick, bad);
    return { ...base, kind: `hostile ${where}`, [where]: replaced } as Case;
  });
  const missing = fc.tuple(valid, target, fc.nat()).map(([base, where, pick]): Case => ({
    ...base,
    kind: `missing ${where}`,
    [where]: dropSomewhere(base[where], pick),
  }));
  const wholeBody = fc
    .tuple(valid, hostileValue)
    .map(([base, bad]): Case => ({ ...base, kind: 'body', body: bad }));
  const raw = fc
    .tuple(
      valid,
      fc.constantFrom(
        // Prototype poisoning, duplicate keys, nesting, size, bytes that are not UTF-8, and not JSON at all.
        (body: string) => `{"__proto__":{"isAdmin":true},${body.slice(1)}`,
        (body: string) => `{"constructor":{"prototype":{"polluted":1}},${body.slice(1)}`,
        (body: string) => (body.length > 2 ? `${body.slice(0, -1)},${body.slice(1)}` : '{"a":1,"a":2}'),
        () => '['.repeat(5000) + ']'.repeat(5000),
        () => `{"a":"${'x'.repeat(BODY_LIMIT + 10)}"}`,
        () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0x22, 0x7d]),
        () => '{"a":',
        () => 'null',
      ),
    )
    .map(([base, make]): Case => {
      const made = make(JSON.stringify(base.body ?? {}) || '{}');
      return {
        ...base,
        kind: 'raw body',
        raw: typeof made === 'string' ? Buffer.from(made, 'utf8') : made,
      };
    });
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: hostile },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: wholeBody },
    { weight: 2, arbitrary: raw },
  );
}

/** Things a body must never show: a stack trace, SQL, a driver's or ORM's error text. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat (?:async )?[\w$.<>]+ \(|\.(?:ts|js|mjs):\d+:\d+|node_modules/],
  [
    'SQL',
    /\b(?:SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b|syntax error at or near|violates \w+ constraint/,
  ],
  [
    'driver error',
    /duplicate key value|invalid byte sequence|relation "|PostgresError|DrizzleQueryError|PGlite/i,
  ],
];

function seedOf(text: string): number {
  let hash = SEED;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('contract fuzzing: every route, every role, inputs from its schemas', () => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await createContractWorld({
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      SIGN_IN_LINK_PER_ADDRESS: '1000000',
      SIGN_IN_LINK_PER_IP: '1000000',
    });
  });
  afterAll(async () => {
    await world?.close();
  });

  it('never answers 5xx, never leaks internals, and a refused request changes no row', async () => {
    const pools = await world.pools();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let cases = 0;
    let validCases = 0;
    let refusedWrites = 0;
    // The contract's routes, then better-auth's endpoints the web app calls (not Hanabi's code, same rules).
    const routes = [
      ...Object.entries(apiRoutes).sort(([a], [b]) => a.localeCompare(b)),
      ...Object.entries(authEndpoints).map(([name, route]) => [`auth.${name}`, route] as const),
    ];
    for (const [name, route] of routes as [string, RouteDefinition][]) {
      for (const role of ROLES as readonly Role[]) {
        const samples = fc.sample(caseArbitrary(route, pools), {
          seed: seedOf(`${name}/${role}`),
          numRuns: RUNS,
        });
        for (const testCase of samples) {
          cases += 1;
          if (testCase.kind === 'valid') validCases += 1;
          const url = urlOf(route, testCase);
          const sendsBody =
            route.method !== 'GET' && (testCase.raw !== undefined || testCase.body !== undefined);
          const before = await world.changes();
          const response = await world.ctx.app.inject({
            method: route.method,
            url,
            headers: {
              ...world.headers(role),
              ...(sendsBody ? { 'content-type': 'application/json' } : {}),
            },
            ...(sendsBody
              ? { payload: testCase.raw ?? Buffer.from(JSON.stringify(testCase.body) ?? 'null', 'utf8') }
              : {}),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const where = `${name} as ${role} (${testCase.kind}) ${route.method} ${url.slice(0, 160)}`;
          if (response.statusCode >= 500) {
            failures.push(`${where} → ${response.statusCode} ${response.body.slice(0, 300)}`);
          }
          for (const [what, pattern] of LEAKS) {
            if (pattern.test(response.body))
              failures.push(`${where} → ${what} in body: ${response.body.slice(0, 300)}`);
          }
          if (response.statusCode >= 400) {
            let envelope: { error?: { code?: unknown; message?: unknown } } | undefined;
            try {
              envelope = response.json();
            } catch {
              envelope = undefined;
            }
            if (typeof envelope?.error?.code !== 'string' || typeof envelope.error.message !== 'string') {
              failures.push(
                `${where} → ${response.statusCode} outside the envelope: ${response.body.slice(0, 200)}`,
              );
            }
            const after = await world.changes();
            const changed = [...after].filter(([table, n]) => (before.get(table) ?? 0) !== n).map(([t]) => t);
            if (route.method !== 'GET') refusedWrites += 1;
            if (changed.length > 0) {
              failures.push(`${where} → ${response.statusCode} yet changed rows in ${changed.join(', ')}`);
            }
          }
        }
      }
    }
    const histogram = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.info(
      `contract fuzz: ${routes.length} routes × ${ROLES.length} roles × ${RUNS} runs = ${cases} cases ` +
        `(${validCases} valid, ${cases - validCases} hostile; ${refusedWrites} refused writes checked for no ` +
        `row change; seed ${SEED}) → ${histogram.join(' ')}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});

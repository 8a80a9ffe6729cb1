import { z } from 'zod';

/*
 * The one string primitive of the contract (issue 20). Every string a client sends — body field, path parameter,
 * query value — is built from `text()` (one line) or `multilineText()` (newlines and tabs allowed), so none can
 * carry what PostgreSQL text cannot hold (NUL) or what no person types (other control characters, lone UTF-16
 * surrogates). Invalid UTF-8 never reaches a schema: the server's JSON parser refuses it (`http/input-guard.ts`).
 * `string-primitives.test.ts` walks every route's request schemas and fails on a string built any other way.
 */

// C0 controls, DEL and C1 controls. One-line text refuses all of them, including TAB, LF and CR.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// Multi-line text lets TAB, LF and CR through (a bio, a news body, a pasted recipient list).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  control: 'must not contain control characters',
  controlButLines: 'must not contain control characters other than line breaks and tabs',
  surrogate: 'must be valid Unicode text',
} as const;

/** Kept as named functions: the contract test recognises the primitive by them. */
function noControl(value: string): boolean {
  return !CONTROL.test(value);
}
function noControlButLines(value: string): boolean {
  return !CONTROL_BUT_LINES.test(value);
}
function wellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** A one-line string a person or a program sends: no control characters, no lone surrogates. */
export function text() {
  return z
    .string()
    .refine(noControl, { message: TEXT_MESSAGES.control, abort: true })
    .refine(wellFormed, { message: TEXT_MESSAGES.surrogate, abort: true });
}

/** Free text that may span lines: like `text()`, but TAB, LF and CR are allowed. */
export function multilineText() {
  return z
    .string()
    .refine(noControlButLines, { message: TEXT_MESSAGES.controlButLines, abort: true })
    .refine(wellFormed, { message: TEXT_MESSAGES.surrogate, abort: true });
}

/** Whether a string schema was built by `text()` or `multilineText()` (for the contract test and the fuzzer). */
export function isContractText(schema: z.ZodType): boolean {
  const checks = (schema as z.ZodString)._zod.def.checks ?? [];
  const fns = new Set(
    checks.map((check) => (check._zod.def as { fn?: unknown }).fn).filter((fn) => fn !== undefined),
  );
  return (fns.has(noControl) || fns.has(noControlButLines)) && fns.has(wellFormed);
}

/** Whether a contract string allows line breaks (`multilineText()`). */
export function isMultilineText(schema: z.ZodType): boolean {
  const checks = (schema as z.ZodString)._zod.def.checks ?? [];
  return checks.some((check) => (check._zod.def as { fn?: unknown }).fn === noControlButLines);
}

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/**
 * The id of a Hanabi record (campaign, goods, user, notification, draw, …): every one is a UUID
 * (`crypto.randomUUID()`), so anything else is refused before a query runs.
 */
export function entityId() {
  return text().regex(UUID, 'must be an id (a UUID)');
}

/**
 * An id a live platform gave (YouTube channel / video ids, TwitCasting user / screen / movie ids): letters,
 * digits and `_ - . :` only, as both platforms write them.
 */
export function platformId() {
  return text()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_.:-]+$/, 'must be a platform id (letters, digits, _ - . :)');
}

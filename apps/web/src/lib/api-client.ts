import { buildPath, isErrorEnvelope } from '@hanabi/api';
import type { ErrorCode, ErrorDetail, RouteDefinition } from '@hanabi/api';
import { AUTH_TOKEN_HEADER, getSessionToken, setSessionToken } from './session-token';

/**
 * Wording of the original (docs/original-spec.md §8) for a failure that never reached the server (network down,
 * request aborted, unreadable answer). Shown through i18n (`errors.network`) at display time.
 */
export const NETWORK_ERROR_MESSAGE = 'Something bad happened; please try again later.';

/** Codes of the server's error envelope, plus two the client produces itself. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** The server's error body as received (the envelope), when there was one. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    details?: ErrorDetail[];
    body?: unknown;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.body = init.body;
  }

  /** True when the request never got a usable answer from the server. */
  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

// --- Types derived from the contract's zod schemas (structurally, so the web app needs no zod import) ---
type InputOf<S> = S extends { _zod: { input: infer I } } ? I : unknown;
type OutputOf<S> = S extends { _zod: { output: infer O } } ? O : unknown;
type PathParams = Record<string, string | number>;

type Parts<R> =
  R extends RouteDefinition<infer P, infer Q, infer B, infer T> ? { P: P; Q: Q; B: B; T: T } : never;
type ParamsOf<R> = unknown extends InputOf<Parts<R>['P']> ? PathParams : InputOf<Parts<R>['P']>;
type QueryOf<R> =
  unknown extends InputOf<Parts<R>['Q']> ? Record<string, QueryValue> : InputOf<Parts<R>['Q']>;
type BodyOf<R> = InputOf<Parts<R>['B']>;
export type ApiResponse<R> = OutputOf<Parts<R>['T']>;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export interface CallOptions<R extends RouteDefinition> {
  params?: ParamsOf<R>;
  query?: QueryOf<R>;
  body?: BodyOf<R>;
  /** Explicit bearer token (sign-in and sign-up pass the identity token); otherwise the session token is used. */
  token?: string;
  signal?: AbortSignal;
  /** Replaceable for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads one cookie value from `document.cookie` ('' when absent). */
export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ''): string {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return '';
}

function pageOrigin(): string {
  return globalThis.location?.origin ?? 'http://localhost';
}

function isSameOrigin(url: string): boolean {
  try {
    return new URL(url, pageOrigin()).origin === pageOrigin();
  } catch {
    return false;
  }
}

export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text();
  if (text === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Calls one route of the contract (`apiRoutes.x`): method and path come from the route, `:params` are filled
 * with `buildPath`, the answer is checked against the route's response schema.
 *
 * - `Authorization: Bearer <token>` is added when the caller gave none and a session token is known.
 * - Same-origin calls other than GET/HEAD carry `X-XSRF-TOKEN` from the `XSRF-TOKEN` cookie.
 * - Failures throw `ApiError`: the server's envelope `{ error: { code, message, details? } }` when it sent one,
 *   `NETWORK_ERROR` with the original wording when nothing usable came back.
 */
export async function callApi<R extends RouteDefinition>(
  route: R,
  options: CallOptions<R> = {},
): Promise<ApiResponse<R>> {
  const url =
    buildPath(route.path, (options.params ?? {}) as PathParams) +
    buildQueryString(options.query as Record<string, unknown> | undefined);
  const method = route.method;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });

  const token = options.token ?? getSessionToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // The contract has no HEAD routes, so "other than GET or HEAD" is "other than GET".
  if (method !== 'GET' && isSameOrigin(url)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }

  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(url, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    console.error(`API call ${method} ${url} failed before any answer`, cause);
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE, cause });
  }

  // A session token handed out by the server (better-auth's bearer plugin) becomes the bearer of later calls.
  const issuedToken = response.headers.get(AUTH_TOKEN_HEADER);
  if (response.ok && issuedToken) setSessionToken(issuedToken);

  const parsed = await readJson(response).catch(() => ({ ok: false }) as const);

  if (!response.ok) {
    // Original section 8: log status and body, then fail with the server's error body.
    // 4xx answers are logged as warnings; 401 is the ordinary signed-out answer and is not logged at all.
    const log =
      response.status === 401 ? () => undefined : response.status >= 500 ? console.error : console.warn;
    if (parsed.ok && isErrorEnvelope(parsed.value)) {
      const { code, message, details } = parsed.value.error;
      log(`API call ${method} ${url} answered ${response.status}`, parsed.value);
      throw new ApiError({ status: response.status, code, message, details, body: parsed.value });
    }
    log(`API call ${method} ${url} answered ${response.status} without an error envelope`);
    throw new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: response.statusText || `HTTP ${response.status}`,
      body: parsed.ok ? parsed.value : undefined,
    });
  }

  if (response.status === 204) return undefined as ApiResponse<R>;
  if (!parsed.ok) {
    console.error(`API call ${method} ${url} answered ${response.status} with a body that is not JSON`);
    throw new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: NETWORK_ERROR_MESSAGE,
    });
  }
  // Production builds call through the light route table (no schemas, decision 0100): the answer is taken as is.
  if (!route.response) return parsed.value as ApiResponse<R>;
  const checked = route.response.safeParse(parsed.value);
  if (!checked.success) {
    console.error(`API call ${method} ${url} answered a body outside the contract`, checked.error);
    throw new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: NETWORK_ERROR_MESSAGE,
    });
  }
  return checked.data as ApiResponse<R>;
}

/*
 * No secrets in logs (issue 20). Two layers, both wired into the one pino logger (`logger.ts`):
 * - `REDACT_PATHS`: pino's own redaction of known fields (headers, token-like properties) wherever handlers log
 *   objects;
 * - `scrubLogLine`: every finished JSON line is scrubbed as text, so a secret inside a string — a magic-link
 *   token or an OAuth code/state in a request URL, an API key inside CHAIN_RPC_URL quoted by an RPC error, a
 *   bearer token in a message — is cut out whatever logged it.
 */

const CENSOR = '[redacted]';

/** Fields pino redacts in any logged object (paths relative to the log line). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'res.headers["set-auth-token"]',
  'headers.authorization',
  'headers.cookie',
  'headers["idempotency-key"]',
  'headers["set-cookie"]',
  'headers["set-auth-token"]',
  '*.password',
  '*.token',
  '*.sessionToken',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.clientSecret',
  '*.secret',
  '*.apiKey',
  '*.privateKey',
  '*.signerKey',
];

/** Query parameters whose values are credentials: sign-in link tokens, OAuth codes and states, API keys. */
const SECRET_PARAMS =
  'token|code|state|session_token|access_token|refresh_token|id_token|client_secret|secret|password|' +
  'api_key|apikey|api-key|key|auth|signature|sig|undo|x-amz-signature|x-amz-credential|x-amz-security-token';
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_PARAMS})=)[^&#"\\s\\\\]+`, 'gi');
// user:password@host in any URL.
const URL_USERINFO = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s"@\\]+@/gi;
// Absolute URLs: an opaque path segment of 20+ characters (an Infura / Alchemy / QuickNode key) is a credential.
const ABSOLUTE_URL = /\b(?:https?|wss?):\/\/[^\s"\\]+/gi;
const OPAQUE_SEGMENT = /^(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/-]+=*/gi;
// "field":"value" for credential fields and headers, wherever they appear in the line.
const SECRET_FIELD =
  /("(?:authorization|cookie|set-cookie|set-auth-token|idempotency-key|token|sessionToken|accessToken|refreshToken|idToken|clientSecret|secret|password|apiKey|privateKey|signerKey)"\s*:\s*")(?:[^"\\]|\\.)*"/gi;

function scrubAbsoluteUrl(url: string): string {
  const queryAt = url.search(/[?#]/);
  const base = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  const schemeEnd = base.indexOf('://') + 3;
  const pathAt = base.indexOf('/', schemeEnd);
  if (pathAt === -1) return url;
  const path = base
    .slice(pathAt)
    .split('/')
    .map((segment) => (OPAQUE_SEGMENT.test(segment) && !UUID.test(segment) ? CENSOR : segment))
    .join('/');
  return base.slice(0, pathAt) + path + rest;
}

/** A URL or any text with secrets cut out (query credentials, userinfo, opaque keys in absolute URLs, bearer). */
export function scrubSecrets(text: string): string {
  return text
    .replace(URL_USERINFO, `$1${CENSOR}@`)
    .replace(ABSOLUTE_URL, scrubAbsoluteUrl)
    .replace(SECRET_QUERY, `$1${CENSOR}`)
    .replace(BEARER, `$1${CENSOR}`);
}

/** pino's `hooks.streamWrite`: the finished JSON line, scrubbed before it is written anywhere. */
export function scrubLogLine(line: string): string {
  return scrubSecrets(line).replace(SECRET_FIELD, `$1${CENSOR}"`);
}

/**
 * The bearer token sent as `Authorization: Bearer <token>` on every API request (docs/original-spec.md §6).
 * It is the better-auth session token: read from `GET /api/auth/get-session` when the app finds a session (and at
 * the end of a sign-in), or taken from a `set-auth-token` response header. Kept in memory only — never in
 * localStorage, where a script could read it; the HttpOnly session cookie carries the session across reloads.
 */
let sessionToken = '';

/** Response header in which better-auth's bearer plugin hands out a (new) session token. */
export const AUTH_TOKEN_HEADER = 'set-auth-token';

export function getSessionToken(): string {
  return sessionToken;
}

export function setSessionToken(token: string): void {
  sessionToken = token;
}

export function clearSessionToken(): void {
  sessionToken = '';
}

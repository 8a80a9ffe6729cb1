/**
 * Route config shared by every sandbox route: open to anyone (it stands in for a public platform), the session
 * is not read on GETs, and the app-wide per-IP limit is off because the fakes enforce the platforms' own limits
 * (TwitCasting's window, YouTube's quota) and polling from one host would otherwise trip it.
 */
export const SANDBOX_ROUTE = { access: 'public', sessionless: true, rateLimit: false } as const;

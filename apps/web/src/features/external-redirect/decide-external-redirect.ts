/**
 * The safe `externalRedirect` (docs/design.md §2.10; the original was an open redirect):
 * - an http(s) URL whose host is allow-listed (the host itself or a subdomain of it) opens directly;
 * - any other http(s) URL gets an interstitial page showing the full target;
 * - anything else (javascript:, data:, relative, unparsable, missing) is refused.
 */
export type ExternalRedirectDecision =
  | { kind: 'redirect'; url: string }
  | { kind: 'interstitial'; url: string }
  | { kind: 'refused'; reason: 'missing' | 'invalid' | 'scheme' };

/** True when `hostname` is `allowed` or a subdomain of it (case-insensitive, trailing dots ignored). */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowedHosts.some((entry) => {
    const allowed = entry.trim().toLowerCase().replace(/\.$/, '');
    return allowed !== '' && (host === allowed || host.endsWith(`.${allowed}`));
  });
}

export function decideExternalRedirect(
  externalUrl: string | null | undefined,
  allowedHosts: readonly string[],
): ExternalRedirectDecision {
  const raw = externalUrl?.trim() ?? '';
  if (raw === '') return { kind: 'refused', reason: 'missing' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'refused', reason: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'refused', reason: 'scheme' };
  if (url.hostname === '') return { kind: 'refused', reason: 'invalid' };
  // Credentials in the URL (https://user@host) are a classic disguise: always show them on the interstitial.
  const disguised = url.username !== '' || url.password !== '';
  if (!disguised && isAllowedHost(url.hostname, allowedHosts)) return { kind: 'redirect', url: url.href };
  return { kind: 'interstitial', url: url.href };
}

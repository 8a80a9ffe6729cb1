import type { AppConfig } from '../../../config.ts';
import { fail, ok, warn, type CheckOutcome } from '../doctor.types.ts';
import { redirectUris } from './platforms.check.ts';

/**
 * `PUBLIC_ORIGIN` and `TRUST_PROXY`. Every link in an e-mail and every OAuth redirect URI is built from the origin,
 * so in production it must be https (Google and X refuse plain http redirect URIs; session cookies are Secure),
 * a bare origin (Hanabi serves at `/`: a path would be dropped from some links and kept in others), and not this
 * machine. Behind a proxy without TRUST_PROXY every client shares the proxy's address and its rate limit.
 */
export function originVerdict(config: Pick<AppConfig, 'env' | 'publicOrigin' | 'ops'>): CheckOutcome {
  const url = new URL(config.publicOrigin);
  const production = config.env === 'production';
  const trust = config.ops.trustProxy;
  const details = [
    `PUBLIC_ORIGIN ${url.origin}`,
    `TRUST_PROXY ${trust === false ? 'unset (trust nothing)' : Array.isArray(trust) ? trust.join(', ') : `${trust} hop(s)`}`,
    ...redirectUris(config.publicOrigin).map((line) => `redirect URI ${line}`),
  ];
  const fix = 'Set PUBLIC_ORIGIN to the https origin people open, e.g. https://hanabi.example.org';
  if (url.pathname !== '/' || url.search || url.hash) {
    return fail(
      `PUBLIC_ORIGIN has a path or query (${url.pathname}${url.search}): Hanabi serves at the root of its origin`,
      fix,
      details,
    );
  }
  if (url.username || url.password) return fail('PUBLIC_ORIGIN carries credentials', fix, details);
  if (production && url.protocol !== 'https:') {
    return fail(
      'PUBLIC_ORIGIN is http in production: providers refuse http redirect URIs and cookies are Secure',
      fix,
      details,
    );
  }
  if (production && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
    return fail(
      'PUBLIC_ORIGIN names this machine in production: links in e-mails would not open',
      fix,
      details,
    );
  }
  if (production && trust === false) {
    return warn(
      `${url.origin}, but TRUST_PROXY is unset: behind a proxy every client shares its address and rate limit`,
      'Set TRUST_PROXY to the number of proxies in front of Hanabi (e.g. 1) or their addresses',
      details,
    );
  }
  return ok(url.origin, details);
}

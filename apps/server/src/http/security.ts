import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Not counted against the per-IP budget: the SPA's static files (a page load fetches many). */
    outsideRateLimit?: boolean;
  }
}

/**
 * Security headers with a CSP the SPA passes (no inline scripts; Mantine needs inline styles), and a per-IP
 * rate limit for the API. Auth endpoints add their own, tighter limits; static files are outside it (a phone
 * behind carrier NAT shares its IP with many others, and a page load is dozens of files).
 */
export async function installSecurity(
  app: FastifyInstance,
  options: {
    rateLimitPerMinute: number;
    production: boolean;
    /** The chain RPC this deployment publishes for readers (`CHAIN_PUBLIC_RPC_URL`), if any. */
    publicRpcUrl?: string;
    /** Shared counts for every api process (PostgreSQL); unset = this process's memory (embedded, one process). */
    rateLimitStore?: FastifyRateLimitStoreCtor;
  },
): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The proof page reads a draw's public record from a chain RPC (decision 0215): the one this deployment
        // publishes, or any the reader gives — an https endpoint, or a node on the reader's own machine.
        connectSrc: [
          "'self'",
          'https:',
          'http://localhost:*',
          'http://127.0.0.1:*',
          ...(options.publicRpcUrl ? [new URL(options.publicRpcUrl).origin] : []),
        ],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The OBS overlay and proof pages are embedded as browser sources, and images are used cross-origin.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: options.production,
  });
  // The same headers on every answer, set from the prepared list (the Fastify plugin rebuilt helmet on every
  // request: a sixth of a cached read's CPU). On the raw response, as helmet does, so hijacked answers (event
  // streams) carry them too and a route's own value (a stricter CSP) still wins.
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.raw.setHeader(name, value);
    done();
  });

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => request.routeOptions.config?.outsideRateLimit === true,
    ...(options.rateLimitStore ? { store: options.rateLimitStore, skipOnError: true } : {}),
  });
}

/**
 * The headers helmet sets for these options, worked out once: none depends on the request (no CSP nonces), so
 * helmet runs once against a recording response and every answer gets the result.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

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
  options: { rateLimitPerMinute: number; production: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => request.routeOptions.config?.outsideRateLimit === true,
  });
}

import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { ERROR_REPORTING, limitEventText } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';

/**
 * Sentry on the server, with the original's limits (docs/original-spec.md §9): at most 30 events buffered for sending,
 * messages cut at 250 characters, 100 breadcrumbs. Null (off) unless config turned it on (production + DSN).
 */
export function sentryOptions(config: Pick<AppConfig, 'errorReporting'>): Sentry.NodeOptions | null {
  const settings = config.errorReporting;
  if (!settings) return null;
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    maxBreadcrumbs: ERROR_REPORTING.maxBreadcrumbs,
    maxValueLength: ERROR_REPORTING.maxMessageLength,
    transportOptions: { bufferSize: ERROR_REPORTING.maxBufferedEvents },
    // Errors only: no tracesSampleRate, so no performance tracing; personal data stays off (the default).
    beforeSend: (event) => limitEventText(event),
    beforeBreadcrumb: (breadcrumb) => limitEventText({ breadcrumbs: [breadcrumb] }).breadcrumbs[0] ?? null,
  };
}

/** Starts Sentry when configured; answers whether it did. Call once, before the app is built. */
export function startErrorReporting(config: Pick<AppConfig, 'errorReporting'>): boolean {
  const options = sentryOptions(config);
  if (!options) return false;
  Sentry.init(options);
  return true;
}

/** Reports the app's 5xx answers (Sentry's Fastify hook) when reporting is on. */
export function reportServerErrors(app: FastifyInstance): void {
  if (Sentry.isInitialized()) Sentry.setupFastifyErrorHandler(app);
}

/** Sends what is buffered before the process exits. */
export async function flushErrorReporting(timeoutMs = 2000): Promise<void> {
  if (Sentry.isInitialized()) await Sentry.flush(timeoutMs);
}

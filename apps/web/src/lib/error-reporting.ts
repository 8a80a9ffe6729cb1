import {
  apiRoutes,
  ERROR_REPORTING,
  limitEventText,
  type PublicConfig,
  type ReportableEvent,
} from '@hanabi/api';
import type { BrowserOptions } from '@sentry/react';
import { callApi } from './api-client';
import { takePageData } from './page-data';

/**
 * Browser error reporting (docs/original-spec.md §8): uncaught errors go to Sentry only in production, and only when
 * the server's public config names a DSN; limits as in the original (30 buffered events, messages cut at 250
 * characters, 100 breadcrumbs). Null = off.
 */
export function browserSentryOptions(
  config: Pick<PublicConfig, 'errorReporting'>,
  production: boolean,
): BrowserOptions | null {
  const settings = config.errorReporting;
  if (!production || !settings) return null;
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    maxBreadcrumbs: ERROR_REPORTING.maxBreadcrumbs,
    maxValueLength: ERROR_REPORTING.maxMessageLength,
    transportOptions: { bufferSize: ERROR_REPORTING.maxBufferedEvents },
    beforeSend: (event) => limitEventText(event as ReportableEvent) as typeof event,
    beforeBreadcrumb: (breadcrumb) => limitEventText({ breadcrumbs: [breadcrumb] }).breadcrumbs[0] ?? null,
  };
}

/**
 * Reads `/api/config` (or the copy the page came with, decision 0113) and starts Sentry when it says so; the SDK
 * is loaded only then (its own chunk).
 */
export async function startBrowserErrorReporting(production: boolean): Promise<boolean> {
  if (!production) return false;
  try {
    const config = takePageData('config') ?? (await callApi(apiRoutes.publicConfig));
    const options = browserSentryOptions(config, production);
    if (!options) return false;
    const Sentry = await import('@sentry/react');
    Sentry.init(options);
    return true;
  } catch {
    // Reporting is best effort: without the config the app still runs.
    return false;
  }
}

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace'] as const;

/** Production builds say nothing on the console (docs/original-spec.md §8). */
export function silenceConsole(target: Pick<Console, (typeof CONSOLE_METHODS)[number]> = console): void {
  for (const method of CONSOLE_METHODS) target[method] = () => undefined;
}

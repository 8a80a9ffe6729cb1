import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { browserSentryOptions, silenceConsole } from './error-reporting';

const config = { errorReporting: { dsn: 'https://key@o1.ingest.sentry.io/2', environment: 'production' } };

describe('browser error reporting', () => {
  it('is off outside production, and off without a DSN from the server', () => {
    expect(browserSentryOptions(config, false)).toBeNull();
    expect(browserSentryOptions({ errorReporting: null }, true)).toBeNull();
    expect(browserSentryOptions({}, true)).toBeNull();
  });

  it('uses the original limits in production', () => {
    expect(browserSentryOptions(config, true)).toMatchObject({
      dsn: config.errorReporting.dsn,
      environment: 'production',
      maxBreadcrumbs: 100,
      maxValueLength: 250,
      transportOptions: { bufferSize: 30 },
    });
  });

  it('cuts messages to 250 characters', () => {
    const options = browserSentryOptions(config, true)!;
    const long = 'x'.repeat(1000);
    const event = options.beforeSend!(
      { type: undefined, message: long, exception: { values: [{ value: long }] } } as ErrorEvent,
      {},
    ) as ErrorEvent;
    expect(event.message).toHaveLength(250);
    expect(event.exception!.values![0]!.value).toHaveLength(250);
    expect(options.beforeBreadcrumb!({ message: long }, undefined)?.message).toHaveLength(250);
  });

  it('silences every console method', () => {
    const calls: string[] = [];
    const target = {
      log: () => calls.push('log'),
      info: () => calls.push('info'),
      debug: () => calls.push('debug'),
      warn: () => calls.push('warn'),
      error: () => calls.push('error'),
      trace: () => calls.push('trace'),
    };
    silenceConsole(target);
    target.log();
    target.error();
    target.warn();
    expect(calls).toEqual([]);
  });
});

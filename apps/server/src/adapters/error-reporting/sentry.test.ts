import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { sentryOptions } from './sentry.ts';

const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  SMTP_URL: 'smtp://mail.example.com',
  PUBLIC_ORIGIN: 'https://hanabi.example.com',
  DATABASE_URL: 'postgres://u@db/hanabi',
  CHAIN_RPC_URL: 'https://rpc.example.com',
  CHAIN_SIGNER_KEY: `0x${'1'.repeat(64)}`,
  CHAIN_CONTRACT_ADDRESS: `0x${'2'.repeat(40)}`,
  IPFS_RPC_URL: 'http://kubo.internal:5001',
  IPFS_GATEWAY_URL: 'https://ipfs.example.com',
  S3_BUCKET: 'hanabi-assets',
  DRAND_URL: 'https://api.drand.sh',
};
const DSN = 'https://key@o1.ingest.sentry.io/1';

describe('server error reporting options', () => {
  it('is off without a DSN, and off outside production even with one', () => {
    expect(sentryOptions(loadConfig(production))).toBeNull();
    expect(sentryOptions(loadConfig({ SENTRY_DSN: DSN }))).toBeNull();
    expect(sentryOptions(loadConfig({ NODE_ENV: 'test', SENTRY_DSN: DSN }))).toBeNull();
  });

  it('is on in production with a DSN, with the original limits', () => {
    const options = sentryOptions(
      loadConfig({ ...production, SENTRY_DSN: DSN, SENTRY_ENVIRONMENT: 'staging' }),
    );
    expect(options).toMatchObject({
      dsn: DSN,
      environment: 'staging',
      maxBreadcrumbs: 100,
      maxValueLength: 250,
      transportOptions: { bufferSize: 30 },
    });
    expect(sentryOptions(loadConfig({ ...production, SENTRY_DSN: DSN }))?.environment).toBe('production');
  });

  it('cuts messages, exception values and breadcrumbs to 250 characters', () => {
    const options = sentryOptions(loadConfig({ ...production, SENTRY_DSN: DSN }))!;
    const long = 'あ'.repeat(400);
    const event = options.beforeSend!(
      {
        type: undefined,
        message: long,
        exception: { values: [{ type: 'Error', value: long }] },
      } as ErrorEvent,
      {},
    ) as ErrorEvent;
    expect(event.message).toHaveLength(250);
    expect(event.message!.endsWith('…')).toBe(true);
    expect(event.exception!.values![0]!.value).toHaveLength(250);
    const short = options.beforeSend!({ type: undefined, message: 'short' } as ErrorEvent, {}) as ErrorEvent;
    expect(short.message).toBe('short');
    const crumb = options.beforeBreadcrumb!({ message: long }, undefined);
    expect(crumb?.message).toHaveLength(250);
  });

  it('rejects a DSN that is not a URL, naming the key', () => {
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig, type ConfigError } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(40),
  SMTP_URL: 'smtp://mail.example:587',
  PUBLIC_ORIGIN: 'https://hanabi.example/',
  DATABASE_URL: 'postgres://u@db/hanabi',
  CHAIN_RPC_URL: 'https://rpc.example',
  CHAIN_SIGNER_KEY: `0x${'1'.repeat(64)}`,
  CHAIN_CONTRACT_ADDRESS: `0x${'2'.repeat(40)}`,
  IPFS_RPC_URL: 'http://kubo.internal:5001',
  IPFS_GATEWAY_URL: 'https://ipfs.example',
  S3_BUCKET: 'hanabi-assets',
  DRAND_URL: 'https://api.drand.sh',
};

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).issues;
  }
}

describe('operations settings', () => {
  it('trusts no proxy by default, and a hop count or an address list when asked', () => {
    expect(loadConfig({}).ops.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).ops.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).ops.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).ops.trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('refuses to trust every hop, and names a bad proxy address', () => {
    expect(issuesOf({ TRUST_PROXY: 'true' })[0]).toMatch(/^TRUST_PROXY: trusting every address/);
    expect(issuesOf({ TRUST_PROXY: '10.0.0.1, proxy.internal' })[0]).toMatch(
      /^TRUST_PROXY: .*not: proxy\.internal/,
    );
    expect(issuesOf({ TRUST_PROXY: '10.0.0.0/33' })[0]).toMatch(/^TRUST_PROXY:/);
  });

  it('requires the token address for api and worker in production, not for the one-shot commands', () => {
    const { CHAIN_CONTRACT_ADDRESS: _address, ...withoutAddress } = PRODUCTION;
    expect(issuesOf(withoutAddress).map((issue) => issue.split(':')[0])).toEqual(['CHAIN_CONTRACT_ADDRESS']);
    expect(issuesOf({ ...withoutAddress, HANABI_ROLE: 'worker' })[0]).toMatch(/npm run deploy-token/);
    expect(loadConfig({ ...withoutAddress, HANABI_ROLE: 'deploy-token' }).role).toBe('deploy-token');
    // The migrate job needs only its database: no mail, chain or storage settings.
    expect(
      loadConfig({ NODE_ENV: 'production', HANABI_ROLE: 'migrate', DATABASE_URL: 'postgres://u@db/h' }).role,
    ).toBe('migrate');
    expect(issuesOf({ NODE_ENV: 'production', HANABI_ROLE: 'migrate' }).map((i) => i.split(':')[0])).toEqual([
      'DATABASE_URL',
    ]);
    expect(
      issuesOf({ NODE_ENV: 'production', HANABI_ROLE: 'deploy-token' }).map((i) => i.split(':')[0]),
    ).toEqual(['DATABASE_URL', 'CHAIN_RPC_URL']);
  });

  it('drains 5 s in production and not at all in development; the worker stop budget outlasts a delivery run', () => {
    expect(loadConfig(PRODUCTION).ops.drainMs).toBe(5000);
    expect(loadConfig({}).ops.drainMs).toBe(0);
    expect(loadConfig({}).ops.workerStopTimeoutMs).toBe(90_000);
    expect(issuesOf({ WORKER_STOP_TIMEOUT_MS: '30000' })[0]).toMatch(/^WORKER_STOP_TIMEOUT_MS: .*60 s/);
    expect(issuesOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN:/);
  });
});

/** A plain `npm start` (development, embedded): what the README's first command runs. */
const START = { NODE_ENV: 'development' } as const;

describe('where Hanabi listens, and what it serves there', () => {
  it('listens on this machine only by default, and everywhere in production (the container)', () => {
    expect(loadConfig(START)).toMatchObject({
      host: 'localhost',
      exposed: false,
      devMailbox: true,
      demo: true,
    });
    expect(loadConfig(START).live.sandbox).toBe(true);
    expect(loadConfig(PRODUCTION)).toMatchObject({
      host: '0.0.0.0',
      exposed: false,
    });
  });

  it('opened to other machines outside production: the mailbox, sandbox and demo are off unless asked for', () => {
    const open = loadConfig({ ...START, HOST: '0.0.0.0' });
    expect(open).toMatchObject({ exposed: true, devMailbox: false, demo: false });
    expect(open.live.sandbox).toBe(false);
    const asked = loadConfig({
      ...START,
      HOST: '0.0.0.0',
      DEV_MAILBOX: '1',
      HANABI_DEMO: '1',
      LIVE_SANDBOX: '1',
    });
    expect(asked).toMatchObject({ exposed: true, devMailbox: true, demo: true });
    expect(asked.live.sandbox).toBe(true);
  });

  it('counts every loopback spelling as this machine', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]']) {
      expect(loadConfig({ ...START, HOST: host }), host).toMatchObject({ exposed: false, devMailbox: true });
    }
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'hanabi.example']) {
      expect(loadConfig({ ...START, HOST: host }).exposed, host).toBe(true);
    }
  });
});

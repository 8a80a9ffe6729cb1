import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isEmbedded, loadConfig } from './config.ts';

/** What production needs besides identity: every outside service (no embedded part runs there). */
const OUTSIDE_SERVICES = {
  DATABASE_URL: 'postgres://u@db/hanabi',
  CHAIN_RPC_URL: 'https://rpc.example',
  CHAIN_SIGNER_KEY: `0x${'1'.repeat(64)}`,
  IPFS_RPC_URL: 'http://kubo.internal:5001',
  IPFS_GATEWAY_URL: 'https://ipfs.example',
  S3_BUCKET: 'hanabi-assets',
  CHAIN_CONTRACT_ADDRESS: `0x${'2'.repeat(40)}`,
};

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.role).toBe('all');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('./data/pg') });
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(isEmbedded(config)).toBe(true);
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/hanabi', DATABASE_POOL_MAX: '20' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/hanabi', poolMax: 20 });
    expect(isEmbedded(config)).toBe(false);
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', HANABI_ROLE: 'both', DATABASE_URL: 'mysql://x', HANABI_DEMO: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues.join('\n');
    for (const key of ['PORT', 'HANABI_ROLE', 'DATABASE_URL', 'HANABI_DEMO']) expect(issues).toContain(key);
    expect((error as ConfigError).issues).toHaveLength(4);
  });

  it('treats empty values as unset and parses lists and flags', () => {
    const config = loadConfig({
      PORT: '',
      HANABI_DEMO: '0',
      HANABI_OPERATOR_EMAILS: ' Ops@Example.com, b@example.com ,',
      HANABI_EXTERNAL_REDIRECT_HOSTS: 'example.org',
    });
    expect(config.port).toBe(3000);
    expect(config.demo).toBe(false);
    expect(config.operatorEmails).toEqual(['ops@example.com', 'b@example.com']);
    expect(config.externalRedirectHosts).toEqual(['example.org']);
  });

  it('requires AUTH_SECRET, SMTP_URL and PUBLIC_ORIGIN in production, listed together with other bad keys', () => {
    let error: unknown;
    try {
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/hanabi', PORT: 'eighty' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues.find((issue) => issue.startsWith('AUTH_SECRET'))).toContain('required in production');
    expect(issues.some((issue) => issue.startsWith('SMTP_URL'))).toBe(true);
    expect(issues.some((issue) => issue.startsWith('PUBLIC_ORIGIN'))).toBe(true);
    expect(issues.some((issue) => issue.startsWith('PORT'))).toBe(true);
  });

  it('starts in production with the identity keys set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_ORIGIN: 'https://hanabi.example/',
      ...OUTSIDE_SERVICES,
    });
    expect(config.demo).toBe(false);
    expect(config.auth.secret).toBe('x'.repeat(40));
    expect(config.auth.secureCookies).toBe(true);
    expect(config.mail).toEqual({
      smtpUrl: 'smtp://mail.example:587',
      from: 'Hanabi <no-reply@hanabi.example>',
    });
    expect(config.publicOrigin).toBe('https://hanabi.example');
  });

  it('refuses every embedded part in production and names each missing service', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        SMTP_URL: 'smtp://mail.example:587',
        PUBLIC_ORIGIN: 'https://hanabi.example/',
      });
    } catch (caught) {
      error = caught;
    }
    const keys = (error as ConfigError).issues.map((issue) => issue.split(':')[0]);
    expect(keys).toEqual([
      'DATABASE_URL',
      'CHAIN_RPC_URL',
      'IPFS_RPC_URL',
      'S3_BUCKET',
      'CHAIN_CONTRACT_ADDRESS',
    ]);
  });

  it('seeds demo data in production only when asked', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_ORIGIN: 'https://hanabi.example/',
      ...OUTSIDE_SERVICES,
    };
    expect(loadConfig(production).demo).toBe(false);
    expect(loadConfig({ ...production, HANABI_DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({}).demo).toBe(true);
  });

  it('refuses a short AUTH_SECRET and half-configured OAuth providers', () => {
    let error: unknown;
    try {
      loadConfig({ AUTH_SECRET: 'short', GOOGLE_CLIENT_ID: 'id-only', TWITTER_CLIENT_SECRET: 'secret-only' });
    } catch (caught) {
      error = caught;
    }
    const issues = (error as ConfigError).issues.join('\n');
    expect(issues).toContain('AUTH_SECRET');
    expect(issues).toContain('GOOGLE_CLIENT_SECRET');
    expect(issues).toContain('TWITTER_CLIENT_ID');
  });

  it('offers Google and X only with client ids, on the real endpoints unless told otherwise', () => {
    const plain = loadConfig({});
    expect(plain.auth.google).toBeUndefined();
    expect(plain.auth.twitter).toBeUndefined();
    expect(plain.auth.secret).toBeUndefined();
    expect(plain.auth.secureCookies).toBe(false);
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', TWITTER_CLIENT_ID: 'x' });
    expect(config.auth.google).toEqual({
      clientId: 'g',
      clientSecret: 's',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    });
    expect(config.auth.twitter).toMatchObject({
      clientId: 'x',
      clientSecret: undefined,
      authorizationUrl: 'https://x.com/i/oauth2/authorize',
      tokenUrl: 'https://api.x.com/2/oauth2/token',
      userInfoUrl: 'https://api.x.com/2/users/me',
    });
  });

  it('resolves the data folder against the folder npm was started from', () => {
    const config = loadConfig({ INIT_CWD: '/srv/hanabi', HANABI_DATA_DIR: './data' });
    expect(config.dataDir).toBe('/srv/hanabi/data');
  });

  it('runs the chain and IPFS embedded unless pointed at nodes, and wants their companions', () => {
    const embedded = loadConfig({ HANABI_DATA_DIR: '/tmp/x' });
    expect(embedded.chain).toEqual({ kind: 'embedded', dir: '/tmp/x/chain', contractAddress: undefined });
    expect(embedded.ipfs).toEqual({
      kind: 'embedded',
      dir: '/tmp/x/ipfs',
      gatewayUrl: 'http://localhost:3000',
      uploadMaxBytes: 52_428_800,
    });

    expect(() =>
      loadConfig({ CHAIN_RPC_URL: 'https://rpc.example.org', IPFS_RPC_URL: 'http://kubo:5001' }),
    ).toThrow(/CHAIN_SIGNER_KEY[\s\S]*IPFS_GATEWAY_URL/);
    const remote = loadConfig({
      CHAIN_RPC_URL: 'https://rpc.example.org',
      CHAIN_SIGNER_KEY: `0x${'1'.repeat(64)}`,
      CHAIN_ID: '11155111',
      IPFS_RPC_URL: 'http://kubo:5001',
      IPFS_GATEWAY_URL: 'https://gateway.example.org/',
      IPFS_UPLOAD_MAX_BYTES: '1048576',
    });
    expect(remote.chain.kind).toBe('rpc');
    expect(remote.chainId).toBe(11155111);
    expect(remote.ipfs).toEqual({
      kind: 'kubo',
      rpcUrl: 'http://kubo:5001',
      gatewayUrl: 'https://gateway.example.org',
      uploadMaxBytes: 1_048_576,
    });
  });
});

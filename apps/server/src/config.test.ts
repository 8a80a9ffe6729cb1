import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ConfigError, isEmbedded, loadConfig, SECRET_KEYS } from './config.ts';

/** What production needs besides identity: every outside service (no embedded part runs there). */
const OUTSIDE_SERVICES = {
  DATABASE_URL: 'postgres://u@db/hanabi',
  CHAIN_RPC_URL: 'https://rpc.example',
  CHAIN_SIGNER_KEY: `0x${'1'.repeat(64)}`,
  IPFS_RPC_URL: 'http://kubo.internal:5001',
  IPFS_GATEWAY_URL: 'https://ipfs.example',
  S3_BUCKET: 'hanabi-assets',
  DRAND_URL: 'https://api.drand.sh',
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
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/hanabi',
      poolMax: 20,
      statementTimeoutMs: 60_000,
    });
    expect(isEmbedded(config)).toBe(false);
    const unlimited = loadConfig({ DATABASE_URL: 'postgres://u@db/h', DATABASE_STATEMENT_TIMEOUT_MS: '0' });
    expect(unlimited.database).toMatchObject({ statementTimeoutMs: 0 });
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://u@db/h', DATABASE_STATEMENT_TIMEOUT_MS: '-1' }),
    ).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
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

  it('reads drand only on a chain whose public key @hanabi/draw pins (quicknet by default, or default)', () => {
    const quicknet = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
    expect(loadConfig({ DRAND_URL: 'https://api.drand.sh/' }).beacon).toEqual({
      kind: 'drand',
      url: 'https://api.drand.sh',
      chainHash: quicknet,
    });
    expect(loadConfig({}).beacon).toEqual({ kind: 'chain' });
    const chained = '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce';
    expect(loadConfig({ DRAND_URL: 'https://api.drand.sh', DRAND_CHAIN_HASH: chained }).beacon).toEqual({
      kind: 'drand',
      url: 'https://api.drand.sh',
      chainHash: chained,
    });
    expect(() =>
      loadConfig({ DRAND_URL: 'https://api.drand.sh', DRAND_CHAIN_HASH: 'ab'.repeat(32) }),
    ).toThrow(/DRAND_CHAIN_HASH/);
    expect(() =>
      loadConfig({ DRAND_URL: 'https://api.drand.sh', DRAND_CHAIN_HASH: chained.toUpperCase() }),
    ).toThrow(/DRAND_CHAIN_HASH/);
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
      'DRAND_URL',
      'CHAIN_CONTRACT_ADDRESS',
    ]);
  });

  it('requires drand in production and never falls back to the chain beacon there', () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail.example:587',
      PUBLIC_ORIGIN: 'https://hanabi.example/',
      ...OUTSIDE_SERVICES,
    };
    const { DRAND_URL: _relay, ...withoutDrand } = production;
    let error: unknown;
    try {
      loadConfig(withoutDrand);
    } catch (caught) {
      error = caught;
    }
    const issues = (error as ConfigError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^DRAND_URL: required in production — a drand HTTP relay/);
    // An empty value is unset, not a way around it.
    expect(() => loadConfig({ ...production, DRAND_URL: '' })).toThrow(/DRAND_URL/);
    expect(loadConfig(production).beacon).toMatchObject({ kind: 'drand', url: 'https://api.drand.sh' });
    // Outside production the embedded chain stays the beacon (practice draws).
    expect(loadConfig({ NODE_ENV: 'development' }).beacon).toEqual({ kind: 'chain' });
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

describe('secrets from files and the signer per role (decision 0147)', () => {
  const KEY = `0x${'1'.repeat(64)}` as const;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanabi-secrets-'));
  const secretFile = (name: string, content: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };
  const issuesOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
    return [];
  };

  it('reads every secret from <KEY>_FILE, trimming exactly one trailing newline', () => {
    const config = loadConfig({
      AUTH_SECRET_FILE: secretFile('auth', `${'a'.repeat(40)}\n`),
      DATABASE_URL_FILE: secretFile('db', 'postgres://u:pw@db/hanabi\r\n'),
      SMTP_URL_FILE: secretFile('smtp', 'smtp://u:pw@mail:25'),
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET_FILE: secretFile('google', 'gsecret \n\n'),
      S3_BUCKET: 'bucket',
      S3_ACCESS_KEY_ID_FILE: secretFile('s3id', 'AKIA\n'),
      S3_SECRET_ACCESS_KEY_FILE: secretFile('s3secret', 'shh\n'),
      CHAIN_RPC_URL_FILE: secretFile('rpc', 'https://rpc.example/v2/apikey\n'),
      CHAIN_SIGNER_KEY_FILE: secretFile('key', `${KEY}\n`),
    });
    expect(config.auth.secret).toBe('a'.repeat(40));
    expect(config.database).toMatchObject({ kind: 'postgres', url: 'postgres://u:pw@db/hanabi' });
    expect(config.mail.smtpUrl).toBe('smtp://u:pw@mail:25');
    // Only one newline goes: the rest is the secret as written.
    expect(config.auth.google?.clientSecret).toBe('gsecret \n');
    expect(config.files).toMatchObject({ credentials: { accessKeyId: 'AKIA', secretAccessKey: 'shh' } });
    expect(config.chain).toMatchObject({
      kind: 'rpc',
      rpcUrl: 'https://rpc.example/v2/apikey',
      signer: { kind: 'local', key: KEY },
    });
    expect(SECRET_KEYS).toEqual(
      expect.arrayContaining(['AUTH_SECRET', 'CHAIN_SIGNER_KEY', 'TWITCASTING_CLIENT_SECRET', 'SENTRY_DSN']),
    );
  });

  it('lists a key set both ways, a missing file and an empty file together, with the file paths', () => {
    const issues = issuesOf({
      AUTH_SECRET: 'x'.repeat(40),
      AUTH_SECRET_FILE: secretFile('auth2', 'y'.repeat(40)),
      SMTP_URL_FILE: path.join(dir, 'nope'),
      S3_SECRET_ACCESS_KEY_FILE: secretFile('empty', '\n'),
      S3_ACCESS_KEY_ID: 'id',
      S3_BUCKET: 'bucket',
    });
    expect(issues).toEqual(
      expect.arrayContaining([
        'AUTH_SECRET, AUTH_SECRET_FILE: set one or the other, not both',
        `SMTP_URL_FILE: cannot read ${path.join(dir, 'nope')} (ENOENT)`,
        `S3_SECRET_ACCESS_KEY_FILE: ${path.join(dir, 'empty')} is empty`,
      ]),
    );
    // A file's content goes through the same checks as the variable.
    expect(issuesOf({ AUTH_SECRET_FILE: secretFile('short', 'short\n') })).toEqual([
      'AUTH_SECRET: must be at least 32 characters',
    ]);
  });

  const chainEnv = { CHAIN_RPC_URL: 'https://rpc.example' };

  it('an api process never loads the key: it needs only the address, and refuses nothing else', () => {
    const keyFile = secretFile('key-api', `${KEY}\n`);
    const address = privateKeyToAddress(KEY);
    // With only the address (the recommended api setup) the api starts; the key file is not even opened.
    const api = loadConfig({
      ...chainEnv,
      HANABI_ROLE: 'api',
      CHAIN_SIGNER_ADDRESS: address,
      CHAIN_SIGNER_KEY_FILE: path.join(dir, 'not-there'),
    });
    expect(api.chain).toMatchObject({ signer: { kind: 'none', address } });
    expect(JSON.stringify(api)).not.toContain('1'.repeat(64));
    // Given the key anyway (one environment for every role), the api keeps only the address derived from it.
    for (const env of [{ CHAIN_SIGNER_KEY: KEY }, { CHAIN_SIGNER_KEY_FILE: keyFile }]) {
      const config = loadConfig({ ...chainEnv, HANABI_ROLE: 'api', ...env });
      expect(config.chain).toMatchObject({ signer: { kind: 'none', address } });
      expect(JSON.stringify(config)).not.toContain('1'.repeat(64));
    }
    expect(issuesOf({ ...chainEnv, HANABI_ROLE: 'api' })).toEqual([
      expect.stringMatching(/^CHAIN_SIGNER_ADDRESS: required for HANABI_ROLE=api/),
    ]);
  });

  it('workers and `all` need a key or a remote signer, not both', () => {
    for (const role of ['worker', 'all']) {
      expect(issuesOf({ ...chainEnv, HANABI_ROLE: role })).toEqual([
        expect.stringMatching(/^CHAIN_SIGNER_KEY: required when CHAIN_RPC_URL is set/),
      ]);
      expect(
        issuesOf({
          ...chainEnv,
          HANABI_ROLE: role,
          CHAIN_SIGNER_KEY: KEY,
          CHAIN_SIGNER_URL: 'https://signer',
        }),
      ).toEqual(['CHAIN_SIGNER_KEY, CHAIN_SIGNER_URL: set one signer, a local key or a remote signer']);
    }
    const remote = loadConfig({
      ...chainEnv,
      HANABI_ROLE: 'worker',
      CHAIN_SIGNER_URL_FILE: secretFile('signer-url', 'https://u:p@signer.internal:9000\n'),
    });
    expect(remote.chain).toMatchObject({
      signer: { kind: 'remote', url: 'https://u:p@signer.internal:9000', address: undefined },
    });
    // The api signs through the same remote signer when one is configured (no key anywhere).
    expect(
      loadConfig({ ...chainEnv, HANABI_ROLE: 'api', CHAIN_SIGNER_URL: 'https://signer' }).chain,
    ).toMatchObject({ signer: { kind: 'remote' } });
  });
});

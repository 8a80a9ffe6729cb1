import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isEmbedded, loadConfig } from './config.ts';

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
});

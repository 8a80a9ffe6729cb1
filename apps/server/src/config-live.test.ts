import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The live-platform part of config.ts: sandbox by default when embedded, real endpoints otherwise. */
describe('loadConfig: live platforms', () => {
  it('points both adapters at the sandbox on this server when embedded', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config.live.sandbox).toBe(true);
    expect(config.live.youtube).toMatchObject({
      apiUrl: 'http://localhost:4000/sandbox/youtube/youtube/v3',
      authorizationUrl: 'http://localhost:4000/sandbox/youtube/o/oauth2/v2/auth',
      tokenUrl: 'http://localhost:4000/sandbox/youtube/token',
      clientId: 'hanabi-sandbox',
    });
    expect(config.live.twitcasting.apiUrl).toBe('http://localhost:4000/sandbox/twitcasting');
  });

  it('uses the real endpoints with PostgreSQL, in production, or when a platform URL is set', () => {
    for (const env of [
      { DATABASE_URL: 'postgres://h/db' },
      { TWITCASTING_API_URL: 'https://tc.example/' },
      { LIVE_SANDBOX: 'false' },
    ]) {
      const config = loadConfig(env);
      expect(config.live.sandbox).toBe(false);
      expect(config.live.youtube).toMatchObject({
        apiUrl: 'https://www.googleapis.com/youtube/v3',
        authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
      });
    }
    expect(loadConfig({ TWITCASTING_API_URL: 'https://tc.example/' }).live.twitcasting.apiUrl).toBe(
      'https://tc.example',
    );
  });

  it('refuses the sandbox in production', () => {
    const error = (() => {
      try {
        loadConfig({ NODE_ENV: 'production', LIVE_SANDBOX: 'on' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error.issues).toContain('LIVE_SANDBOX: the live platform sandbox cannot run in production');
  });

  it('can force the sandbox on with a database, and wants client id and secret together', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', LIVE_SANDBOX: '1' }).live.sandbox).toBe(true);
    const error = (() => {
      try {
        loadConfig({ YOUTUBE_CLIENT_ID: 'x', TWITCASTING_CLIENT_SECRET: 'y' });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.issues).toEqual(
      expect.arrayContaining([
        'YOUTUBE_CLIENT_ID, YOUTUBE_CLIENT_SECRET: set both or neither',
        'TWITCASTING_CLIENT_ID, TWITCASTING_CLIENT_SECRET: set both or neither',
      ]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { scrubLogLine, scrubSecrets } from './log-redaction.ts';

describe('log scrubbing', () => {
  it('cuts sign-in tokens, OAuth codes and states out of request URLs, keeping the rest', () => {
    const url = '/api/auth/magic-link/verify?token=AbCdEf123456&callbackURL=%2Fsignup';
    expect(scrubSecrets(url)).toBe('/api/auth/magic-link/verify?token=[redacted]&callbackURL=%2Fsignup');
    expect(scrubSecrets('/api/oauth/youtube/callback?code=4/0Ab-xyz&state=s.t.a.t.e&scope=x')).toBe(
      '/api/oauth/youtube/callback?code=[redacted]&state=[redacted]&scope=x',
    );
  });
  it('cuts API keys out of RPC URLs an error quotes, and credentials in URLs', () => {
    const message =
      'HTTP request failed. URL: https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef Request body: {}';
    expect(scrubSecrets(message)).toBe(
      'HTTP request failed. URL: https://mainnet.infura.io/v3/[redacted] Request body: {}',
    );
    expect(scrubSecrets('https://eth-mainnet.g.alchemy.com/v2/k3yK3yK3yK3yK3yK3yK3yK3y')).toBe(
      'https://eth-mainnet.g.alchemy.com/v2/[redacted]',
    );
    expect(scrubSecrets('redis://user:hunter2@cache:6379/0')).toBe('redis://[redacted]@cache:6379/0');
    expect(scrubSecrets('https://rpc.example/?apikey=S3CRET&chain=1')).toBe(
      'https://rpc.example/?apikey=[redacted]&chain=1',
    );
    // Record ids in our own URLs stay readable.
    const own = 'https://hanabi.example/api/campaign/3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(scrubSecrets(own)).toBe(own);
  });
  it('cuts bearer tokens and credential fields out of a finished JSON line', () => {
    const line = JSON.stringify({
      msg: 'call failed: Authorization: Bearer abc.def-ghi',
      headers: { 'idempotency-key': 'k-123', 'set-auth-token': 'tok' },
      sessionToken: 'st',
      error: { code: 'VALIDATION_FAILED' },
    });
    const scrubbed = scrubLogLine(line);
    for (const secret of ['abc.def-ghi', 'k-123', '"tok"', '"st"']) expect(scrubbed).not.toContain(secret);
    expect(JSON.parse(scrubbed).error.code).toBe('VALIDATION_FAILED');
  });
});

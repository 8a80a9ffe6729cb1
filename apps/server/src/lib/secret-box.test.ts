import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const box = new SecretBox('a-long-test-secret');

  it('round-trips text, with a fresh nonce each time', () => {
    const a = box.seal('ya29.token-ü');
    const b = box.seal('ya29.token-ü');
    expect(a).not.toBe(b);
    expect(a).not.toContain('ya29');
    expect(a.startsWith('v1.')).toBe(true);
    expect(box.open(a)).toBe('ya29.token-ü');
    expect(box.open(b)).toBe('ya29.token-ü');
  });

  it('refuses a tampered value, another key, another purpose and junk', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[2] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('another-secret').open(sealed)).toThrow();
    expect(() => new SecretBox('a-long-test-secret', 'other').open(sealed)).toThrow();
    expect(() => box.open('plain-token')).toThrow(/not a sealed value/);
  });

  it('needs a secret', () => {
    expect(() => new SecretBox('')).toThrow();
  });
});

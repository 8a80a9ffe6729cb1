import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  createTestContext,
  headerSessions,
  primaryBackend,
  type TestContext,
} from '../../test/test-context.ts';

/**
 * The dev mailbox holds everyone's sign-in links (issue "[Abuse]"): whoever reads it can sign in as anyone, the
 * demo operator included. It answers a caller on this machine or a signed-in operator, and nobody else.
 */
describe('the dev mailbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), { sessions: headerSessions });
    await ctx.container.adapters.devMailbox!.send({
      to: 'operator@demo.hanabi.local',
      subject: 'Sign in',
      text: 'http://localhost:3000/api/auth/magic-link/verify?token=secret',
      html: '<p>…</p>',
    });
  });
  afterAll(() => ctx.close());

  const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });

  it('answers callers on this machine (IPv4 and IPv6 loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const answer = await read(address);
      expect(answer.statusCode, address).toBe(200);
      expect(answer.json().messages[0].to).toBe('operator@demo.hanabi.local');
    }
  });

  it('is a 404 to another machine, signed out or signed in, and cannot be emptied from there', async () => {
    for (const headers of [{}, asUser({ role: 'user' })]) {
      const answer = await read('203.0.113.7', headers);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('NOT_FOUND');
      expect(answer.body).not.toContain('secret');
    }
    const cleared = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/dev/mailbox',
      remoteAddress: '203.0.113.7',
    });
    expect(cleared.statusCode).toBe(404);
    expect((await read('127.0.0.1')).json().messages).toHaveLength(1);
  });

  it('answers a signed-in operator from anywhere', async () => {
    const answer = await read('203.0.113.7', asUser({ role: 'operator' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().messages).toHaveLength(1);
  });

  it('a forged X-Forwarded-For does not make a remote caller local', async () => {
    const answer = await read('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' });
    expect(answer.statusCode).toBe(404);
  });
});

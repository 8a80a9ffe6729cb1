import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishSignUpPath } from '@hanabi/api';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';

/**
 * Sign-in abuse (issue 20): mailing e-mail sign-in links is limited per address (however many networks ask)
 * and per client IP (however many addresses), answered 429 (the sign-in form says so in Japanese or English), and a refused
 * request sends no mail.
 */
describe('sign-in link limits', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), {
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        SIGN_IN_LINK_PER_ADDRESS: '2',
        SIGN_IN_LINK_PER_IP: '4',
        SIGN_IN_LINK_WINDOW_MINUTES: '15',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const ask = (email: string, remoteAddress: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress,
      headers: { origin: ctx.config.publicOrigin },
      payload: { email, callbackURL: finishSignUpPath('audience') },
    });
  const mailsTo = async (email: string) => {
    const { messages } = (await ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json<{
      messages: { to: string }[];
    }>();
    return messages.filter((message) => message.to.toLowerCase() === email).length;
  };

  it('limits links per address, from any network, and says why', async () => {
    expect((await ask('target@example.com', '10.0.0.1')).statusCode).toBe(200);
    // The same address in another case is the same mailbox.
    expect((await ask('Target@Example.com', '10.0.0.2')).statusCode).toBe(200);
    const refused = await ask('target@example.com', '10.0.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error.message).toContain('this address');
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await mailsTo('target@example.com')).toBe(2);
  });

  it('limits links per IP, whatever the addresses', async () => {
    for (const n of [1, 2, 3, 4]) {
      expect((await ask(`spray-${n}@example.com`, '10.0.1.1')).statusCode, `request ${n}`).toBe(200);
    }
    const refused = await ask('spray-5@example.com', '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().error.message).toContain('this network');
    expect(await mailsTo('spray-5@example.com')).toBe(0);
    // Another network is not held back by this one.
    expect((await ask('spray-5@example.com', '10.0.1.2')).statusCode).toBe(200);
  });
});

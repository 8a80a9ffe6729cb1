import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../db/schema.ts';
import { createTestContext, primaryBackend, type TestContext } from '../../test/test-context.ts';
import { signUpByEmail } from '../../test/auth-helpers.ts';
import { MailUnsubscribe } from './mail-unsubscribe.ts';

const DAY = 86_400_000;

/** The one-click unsubscribe link refused (decision 0217): an expired or altered token changes nothing. */
describe('one-click unsubscribe with a link that is not good', () => {
  let ctx: TestContext;
  let fan: { userId: string };
  let other: { userId: string };

  const notices = async (userId: string) =>
    (await ctx.container.database.db.select().from(appUser).where(eq(appUser.id, userId)))[0]!.emailNotices;
  const ask = (method: 'GET' | 'POST', token: string) =>
    ctx.app.inject({
      method,
      url: `/api/mail/unsubscribe/${token}`,
      ...(method === 'POST'
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
          }
        : {}),
    });

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    fan = await signUpByEmail(ctx, 'unsub-fan@example.com', 'audience');
    other = await signUpByEmail(ctx, 'unsub-other@example.com', 'audience');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('an expired link answers 422 unsubscribeLinkExpired, to GET and POST, and the mail stays on', async () => {
    // The same key as the server's, with a clock 91 days back: a real link from a mail sent then (links last 90).
    const then = new MailUnsubscribe(
      ctx.container.authSecret,
      ctx.config.publicOrigin,
      ctx.container.database.db,
      () => new Date(Date.now() - 91 * DAY),
    );
    const expired = then.token(fan.userId, 'prizeNotices');
    for (const method of ['GET', 'POST'] as const) {
      const refused = await ask(method, expired);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toMatchObject({
        code: 'BUSINESS_RULE',
        reason: 'unsubscribeLinkExpired',
        message: 'This unsubscribe link has expired.',
      });
    }
    expect(await notices(fan.userId)).toBe(true);
  });

  it('a tampered link answers 400 unsubscribeLinkInvalid, and nobody’s mail changes', async () => {
    const good = ctx.container.services.mailUnsubscribe.token(fan.userId, 'prizeNotices');
    const [payload, mac] = good.split('.') as [string, string];
    const decoded = Buffer.from(payload, 'base64url').toString('utf8');
    const reencode = (text: string) => Buffer.from(text).toString('base64url');
    const [, , expires] = decoded.split(':');
    const tampered = [
      // Someone else's id under this MAC.
      `${reencode(decoded.replace(fan.userId, other.userId))}.${mac}`,
      // A later expiry under this MAC.
      `${reencode(decoded.replace(`:${expires}`, `:${Number(expires) + 365 * 86_400}`))}.${mac}`,
      // The MAC changed, cut short, or missing; a third part; not a token at all.
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.${mac.slice(0, 10)}`,
      payload,
      `${good}.extra`,
      'not-a-token',
    ];
    for (const token of tampered) {
      for (const method of ['GET', 'POST'] as const) {
        const refused = await ask(method, token);
        expect(refused.statusCode, `${method} ${token}`).toBe(400);
        expect(refused.json().error).toMatchObject({ code: 'BAD_REQUEST', reason: 'unsubscribeLinkInvalid' });
      }
    }
    expect(await notices(fan.userId)).toBe(true);
    expect(await notices(other.userId)).toBe(true);

    // The untouched link still works: the refusals above were the tampering, not the route.
    const done = await ask('POST', good);
    expect(done.statusCode, done.body).toBe(200);
    expect(await notices(fan.userId)).toBe(false);
    expect(await notices(other.userId)).toBe(true);
  });
});

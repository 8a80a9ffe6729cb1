import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account } from '@hanabi/api';
import { DevWallet } from '../../adapters/chain/dev-wallet.ts';
import { devMail, notification } from '../../db/schema.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { testBackends } from '../../test/test-context.ts';
import { openDeliveryWorld, type DeliveryWorld } from '../../test/delivery.fixture.ts';

type Person = SignedIn & { userId: string };

/**
 * A prize that arrives is told in the app and, for those who allow it, by e-mail in their account language
 * (decision 0097); the preference is on the account (default on).
 */
describe.each(testBackends())('prize e-mails on %s (a real anvil)', (backend) => {
  let world: DeliveryWorld;
  let fan: Person;
  let quiet: Person;
  const wallets: Record<string, string> = {};

  beforeAll(async () => {
    world = await openDeliveryWorld(backend);
    fan = await signUpByEmail(world.ctx, 'fan@example.com', 'audience', 'Fan');
    quiet = await signUpByEmail(world.ctx, 'quiet@example.com', 'audience', 'Quiet');
    for (const [person, index] of [
      [fan, 1],
      [quiet, 2],
    ] as const) {
      const wallet = new DevWallet(world.chain, world.tokenAddress, index);
      await world.ctx.container.repositories.accounts.update(person.userId, {
        walletAddress: wallet.address,
      });
      wallets[person.userId] = wallet.address;
    }
  });
  afterAll(async () => {
    await world?.close();
  });

  const account = async (person: Person) =>
    Account.parse((await callAs(world.ctx.app, person, 'GET', '/api/myAccountBase')).json());
  const prizeMails = async () =>
    (
      (await world.ctx.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json().messages as {
        to: string;
        subject: string;
        text: string;
      }[]
    ).filter((message) => message.subject.includes('Hanabi: ') && /届きました|arrived/.test(message.subject));

  it('e-mail news is on by default, and each person can turn their own off (not anyone else’s)', async () => {
    expect((await account(fan)).emailNotices).toBe(true);
    const off = await callAs(world.ctx.app, quiet, 'PUT', `/api/account/${quiet.userId}`, {
      emailNotices: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(Account.parse(off.json()).emailNotices).toBe(false);
    expect((await account(quiet)).emailNotices).toBe(false);
    const other = await callAs(world.ctx.app, fan, 'PUT', `/api/account/${quiet.userId}`, {
      emailNotices: true,
    });
    expect(other.statusCode).toBe(403);
    const bad = await callAs(world.ctx.app, fan, 'PUT', `/api/account/${fan.userId}`, {
      emailNotices: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a delivered prize: in-app news for both, one e-mail in English to the one who allows it, none twice', async () => {
    const english = await callAs(world.ctx.app, fan, 'PUT', `/api/account/${fan.userId}`, { locale: 'en' });
    expect(english.statusCode, english.body).toBe(200);
    const sent = await world.distribute([
      { recipient: wallets[fan.userId]! },
      { recipient: wallets[quiet.userId]! },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    await world.engine().runUntilIdle();

    const notes = await world.ctx.container.database.db
      .select()
      .from(notification)
      .where(eq(notification.type, 'prizeReceived'));
    expect(notes.map((note) => [note.userId, note.mailState]).sort()).toEqual(
      [
        [fan.userId, 'pending'],
        [quiet.userId, 'pending'],
      ].sort(),
    );

    const result = await world.ctx.container.services.notificationMail.sendPending();
    expect(result).toMatchObject({ sent: 1, skipped: 1, failed: 0 });
    const mails = await prizeMails();
    expect(mails.map((mail) => mail.to)).toEqual(['fan@example.com']);
    expect(mails[0]!.subject).toMatch(/has arrived/);
    expect(mails[0]!.text).toContain(`/collection/${world.goods.id}`);
    expect(mails[0]!.text).not.toMatch(/[ぁ-ん]/);

    expect(await world.ctx.container.services.notificationMail.sendPending()).toMatchObject({
      sent: 0,
      skipped: 0,
    });
    expect(await prizeMails()).toHaveLength(1);
  });

  it('writes the e-mail in Japanese for a Japanese account', async () => {
    const ja = await callAs(world.ctx.app, fan, 'PUT', `/api/account/${fan.userId}`, { locale: 'ja' });
    expect(ja.statusCode, ja.body).toBe(200);
    expect((await world.distribute([{ recipient: wallets[fan.userId]! }])).statusCode).toBe(201);
    await world.engine().runUntilIdle();
    await world.ctx.container.services.notificationMail.sendPending();
    const mails = await prizeMails();
    expect(mails).toHaveLength(2);
    expect(mails.some((mail) => mail.subject.includes('届きました'))).toBe(true);
  });

  it('carries RFC 8058 one-click unsubscribe headers; GET only asks, POST switches it off, a tampered link changes nothing', async () => {
    const [mail] = await world.ctx.container.database.db
      .select()
      .from(devMail)
      .where(eq(devMail.toAddress, 'fan@example.com'))
      .orderBy(desc(devMail.createdAt))
      .limit(1);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(mail!.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(url).toMatch(/\/api\/mail\/unsubscribe\/[\w-]+\.[\w-]+$/);
    const path = new URL(url!).pathname;
    const oneClick = (target: string) =>
      world.ctx.app.inject({
        method: 'POST',
        url: target,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });

    // A scanner's GET shows the question and switches nothing off.
    const page = await world.ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await account(fan)).emailNotices).toBe(true);

    // Another user's id under this MAC, or a changed MAC: refused with a reason, nothing changes.
    const [payload, mac] = path.split('/').pop()!.split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace(fan.userId, quiet.userId),
    ).toString('base64url');
    for (const bad of [`${forged}.${mac}`, `${payload}.${mac!.slice(0, -2)}AA`, 'not-a-token']) {
      const refused = await oneClick(`/api/mail/unsubscribe/${bad}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'BAD_REQUEST', reason: 'unsubscribeLinkInvalid' });
    }
    expect((await account(fan)).emailNotices).toBe(true);

    // The provider's POST: no cookie, no XSRF token; the preference is off.
    const done = await oneClick(path);
    expect(done.statusCode, done.body).toBe(200);
    expect((await account(fan)).emailNotices).toBe(false);
  });
});

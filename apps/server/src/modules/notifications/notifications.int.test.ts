import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, Notification, NotificationList } from '@hanabi/api';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { writeNotifications } from './notification.writer.ts';

type Person = SignedIn & { userId: string };
const fields = (body: { error: { details?: { field: string }[] } }) =>
  [...new Set((body.error.details ?? []).map((detail) => detail.field))].sort();

describe.each(testBackends({ embedded: true }))('notifications on %s', (backend) => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'audience', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'Bob');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = (person: Person | null, query: string) =>
    callAs(ctx.app, person, 'GET', `/api/notification?${query}`);

  it('pages your notifications newest first, without duplicates or gaps, in your language', async () => {
    // Written in one statement, so many share a timestamp: the keyset must still be exact.
    await writeNotifications(
      ctx.container.database.db,
      Array.from({ length: 23 }, (_, index) => ({
        userId: alice.userId,
        type: 'watchlistRegistered' as const,
        params: { campaignTitle: `夏祭り ${index}` },
        href: `/campaign/c${index}`,
        hrefId: `c${index}`,
      })),
    );
    const all = NotificationList.parse((await list(alice, `userId=${alice.userId}&limit=1000`)).json());
    expect(all.list).toHaveLength(23);
    expect(all.unreadCount).toBe(23);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(alice, `userId=${alice.userId}&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = NotificationList.parse(res.json());
      seen.push(...page.list.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(all.list.map((item) => item.id));
    expect(new Set(seen).size).toBe(23);
    const created = all.list.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.list.every((item) => /^「夏祭り \d+」をウォッチリストに追加しました$/.test(item.text))).toBe(
      true,
    );

    await callAs(ctx.app, alice, 'PUT', `/api/account/${alice.userId}`, { locale: 'en' });
    const english = NotificationList.parse((await list(alice, `userId=${alice.userId}&limit=2`)).json());
    // Changing the language is itself an account update (newest); the older ones now read in English too.
    expect(english.list.map((item) => item.type)).toEqual(['accountUpdated', 'watchlistRegistered']);
    expect(english.list[0]!.text).toBe('Your account was updated');
    expect(english.list[1]!.text).toMatch(/^You added “夏祭り \d+” to your watchlist$/);
    await callAs(ctx.app, alice, 'PUT', `/api/account/${alice.userId}`, { locale: 'ja' });
  });

  it('renders every type, filling what a writer left out with a neutral word', async () => {
    await writeNotifications(
      ctx.container.database.db,
      NOTIFICATION_TYPES.map((type) => ({ userId: bob.userId, type })),
    );
    const res = NotificationList.parse((await list(bob, `userId=${bob.userId}&limit=100`)).json());
    expect(res.list.map((item) => item.type).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const item of res.list) {
      expect(item.text).not.toMatch(/\{\{|type\./);
      expect(item.text.length).toBeGreaterThan(5);
    }
  });

  it('reads only your own: 403 for another user id, 404 for another person’s notification', async () => {
    expect((await list(alice, `userId=${bob.userId}`)).statusCode).toBe(403);
    expect((await list(null, `userId=${alice.userId}`)).statusCode).toBe(401);
    const missing = await list(alice, '');
    expect(missing.statusCode).toBe(400);
    expect(fields(missing.json())).toEqual(['query.userId']);
    const badCursor = await list(alice, `userId=${alice.userId}&cursor=nonsense`);
    expect(badCursor.statusCode).toBe(400);
    expect(fields(badCursor.json())).toEqual(['query.cursor']);

    const bobs = NotificationList.parse((await list(bob, `userId=${bob.userId}`)).json());
    const foreign = await callAs(ctx.app, alice, 'POST', `/api/notification/${bobs.list[0]!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    const still = NotificationList.parse((await list(bob, `userId=${bob.userId}`)).json());
    expect(still.list[0]!.isRead).toBe(false);
  });

  it('marks one read, then all listed ones (ignoring others’ ids)', async () => {
    const before = NotificationList.parse((await list(alice, `userId=${alice.userId}&limit=1000`)).json());
    const first = before.list[0]!;
    const read = await callAs(ctx.app, alice, 'POST', `/api/notification/${first.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(Notification.parse(read.json())).toMatchObject({ id: first.id, isRead: true, text: first.text });
    const after = NotificationList.parse((await list(alice, `userId=${alice.userId}&limit=1000`)).json());
    expect(after.unreadCount).toBe(before.unreadCount - 1);

    const bobs = NotificationList.parse((await list(bob, `userId=${bob.userId}&limit=1`)).json());
    const all = await callAs(ctx.app, alice, 'POST', '/api/notification/readall', {
      items: [...after.list.map((item) => item.id), bobs.list[0]!.id],
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ updated: after.list.length, unreadCount: 0 });
    const bobAfter = NotificationList.parse((await list(bob, `userId=${bob.userId}&limit=1`)).json());
    expect(bobAfter.list[0]!.isRead).toBe(false);

    const empty = await callAs(ctx.app, alice, 'POST', '/api/notification/readall', { items: [] });
    expect(empty.statusCode).toBe(400);
    expect(fields(empty.json())).toEqual(['body.items']);
    expect(
      (await callAs(ctx.app, null, 'POST', '/api/notification/readall', { items: ['x'] })).statusCode,
    ).toBe(401);
  });
});

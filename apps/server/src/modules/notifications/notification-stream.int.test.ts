import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_STREAM_PATH, NotificationStreamEvent } from '@hanabi/api';
import { buildApp } from '../../app.ts';
import { createContainer, type Container } from '../../container.ts';
import { openPostgres } from '../../db/client.ts';
import { createLogger } from '../../logger.ts';
import { createTestContext, testBackends, testConfig, type TestContext } from '../../test/test-context.ts';
import { bearerHeaders, callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { campaignBody, createGoods } from '../../test/goods-fixtures.ts';
import type { NotificationHub } from './notification-hub.ts';
import { writeNotifications } from './notification.writer.ts';

type Person = SignedIn & { userId: string };

/** An open event stream: `next()` answers the unread count of the next `unread` event. */
async function openStream(origin: string, token: string | null) {
  const controller = new AbortController();
  const res = await fetch(`${origin}${NOTIFICATION_STREAM_PATH}`, {
    headers: token ? bearerHeaders(token) : {},
    signal: controller.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const next = async (timeoutMs = 10_000): Promise<number> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = /event: unread\ndata: (.*)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return NotificationStreamEvent.parse(JSON.parse(match[1]!)).unreadCount;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms (got ${JSON.stringify(buffer)})`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out waiting')), left)),
      ]);
      if (chunk.done) throw new Error('stream ended');
      buffer += chunk.value;
    }
  };
  return {
    res,
    next,
    close: () => {
      controller.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

async function waitFor(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const hubOf = (container: Container): NotificationHub => container.services.notificationHub;

describe.each(testBackends({ embedded: true }))('notification stream on %s', (backend) => {
  let ctx: TestContext;
  let origin: string;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'audience', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'Bob');
    origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses signed-out callers with the JSON envelope', async () => {
    const res = await fetch(`${origin}${NOTIFICATION_STREAM_PATH}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('sends the unread count at once, then on every new notification and read, to that user only', async () => {
    const stream = await openStream(origin, alice.token);
    const other = await openStream(origin, bob.token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(await stream.next()).toBe(0);
      expect(await other.next()).toBe(0);
      await writeNotifications(ctx.container.database.db, [
        { userId: alice.userId, type: 'watchlistRegistered', params: { campaignTitle: 'A' } },
      ]);
      expect(await stream.next()).toBe(1);
      // A notification written in a transaction that rolls back is never announced.
      await ctx.container.database.db
        .transaction(async (tx) => {
          await writeNotifications(tx, [{ userId: alice.userId, type: 'accountUpdated' }]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await writeNotifications(ctx.container.database.db, [
        { userId: alice.userId, type: 'accountUpdated' },
        { userId: alice.userId, type: 'tokenLikeAdded' },
      ]);
      expect(await stream.next()).toBe(3);
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/notification?userId=${alice.userId}`,
        headers: bearerHeaders(alice.token),
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/notification/readall',
        headers: bearerHeaders(alice.token),
        payload: { items: list.json().list.map((item: { id: string }) => item.id) },
      });
      expect(await stream.next()).toBe(0);
      await expect(other.next(300)).rejects.toThrow();
    } finally {
      stream.close();
      other.close();
    }
    await waitFor(() => hubOf(ctx.container).size === 0);
  });
});

// Needs a real PostgreSQL (LISTEN/NOTIFY between processes), so it runs only when TEST_DATABASE_URL is set.
describe.runIf(process.env.TEST_DATABASE_URL)('notification stream across API processes', () => {
  let ctx: TestContext;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    ctx = await createTestContext('postgres', { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    alice = await signUpByEmail(ctx, 'alice@example.com', 'audience', 'アリス');
    bob = await signUpByEmail(ctx, 'bob@example.com', 'streamer', 'Bob');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('delivers a notification caused through one API process to a stream of a second one', async () => {
    const prize = (await createGoods(ctx, bob)).id;
    const created = await callAs(ctx.app, bob, 'POST', '/api/campaign', campaignBody(prize));
    expect(created.statusCode, created.body).toBe(201);
    // The second process: its own container and app on the same PostgreSQL database.
    const config = testConfig();
    const { connectionString, schema } = ctx.container.database;
    const database = await openPostgres(connectionString!, 3, schema);
    const container = await createContainer(config, createLogger(config), { database });
    let second: FastifyInstance | undefined;
    try {
      second = await buildApp(container);
      const secondOrigin = await second.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openStream(secondOrigin, bob.token);
      try {
        expect(await stream.next()).toBe(0);
        const watched = await callAs(ctx.app, alice, 'POST', `/api/watchlist/${alice.userId}`, {
          campaignId: created.json().id,
        });
        expect(watched.statusCode, watched.body).toBe(200);
        expect(await stream.next()).toBe(1);
      } finally {
        stream.close();
      }
    } finally {
      await second?.close();
      await container.close();
    }
  });
});

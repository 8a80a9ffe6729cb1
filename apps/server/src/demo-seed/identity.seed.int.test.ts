import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { appUser, authUser } from '../db/schema.ts';
import { readSeedState, SEED_VERSION, seedDemo } from './demo-seed.ts';
import { createTestContext, testBackends, type TestContext } from '../test/test-context.ts';
import { cookieHeaders, signInByEmail } from '../test/auth-helpers.ts';
import { DEMO_USERS } from './identity.seed.ts';

describe.each(testBackends({ embedded: true }))('demo identities on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds a streamer, an audience member and an operator, once', async () => {
    expect(await seedDemo(ctx.container)).toBe(true);
    expect(await seedDemo(ctx.container)).toBe(false);
    await seedDemo(ctx.container, { force: true });
    expect((await readSeedState(ctx.container))?.version).toBe(SEED_VERSION);
    const { db } = ctx.container.database;
    // The three demo people who sign in, and the results step's seed-only collector (decision 0098).
    expect((await db.select({ n: count() }).from(authUser))[0]?.n).toBe(4);
    expect((await db.select({ n: count() }).from(appUser))[0]?.n).toBe(4);
  });

  it('lets each demo person sign in with a link from the dev mailbox', async () => {
    for (const demo of DEMO_USERS) {
      const { jar, landing } = await signInByEmail(ctx, demo.email, demo.type);
      expect(landing.headers.location).toBe(`http://localhost:3000/signup/${demo.type}/finishSignUp`);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/signin',
        headers: cookieHeaders(ctx, jar),
        payload: { userType: demo.type },
      });
      expect(res.json()).toMatchObject({
        result: 'signin',
        user: {
          name: demo.name,
          type: demo.type,
          role: demo.role,
          email: demo.email,
          signInMethods: [{ provider: 'email' }],
        },
      });
    }
    expect(DEMO_USERS.map((demo) => demo.email)).toEqual([
      'streamer@demo.hanabi.local',
      'audience@demo.hanabi.local',
      'operator@demo.hanabi.local',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DoctorReport } from '@hanabi/api';
import { callAs, signUpByEmail, type SignedIn } from '../../test/auth-helpers.ts';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

describe.each(testBackends({ embedded: true }))('GET /api/admin/doctor (%s)', (backend) => {
  let ctx: TestContext;
  let boss: SignedIn;
  let streamer: SignedIn;
  let fan: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(backend, { env: { HANABI_OPERATOR_EMAILS: 'boss@example.com' } });
    boss = await signUpByEmail(ctx, 'boss@example.com', 'streamer', 'Boss');
    streamer = await signUpByEmail(ctx, 'streamer@example.com', 'streamer');
    fan = await signUpByEmail(ctx, 'fan@example.com', 'audience');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is for operators only', async () => {
    expect((await callAs(ctx.app, null, 'GET', '/api/admin/doctor')).statusCode).toBe(401);
    expect((await callAs(ctx.app, streamer, 'GET', '/api/admin/doctor')).statusCode).toBe(403);
    expect((await callAs(ctx.app, fan, 'GET', '/api/admin/doctor')).statusCode).toBe(403);
  });

  it("answers the operator the report on this process's own parts", async () => {
    const res = await callAs(ctx.app, boss, 'GET', '/api/admin/doctor');
    expect(res.statusCode, res.body).toBe(200);
    const report = DoctorReport.parse(res.json());
    expect(report.ok).toBe(true);
    const status = Object.fromEntries(report.checks.map((check) => [check.id, check.status]));
    expect(status.config).toBe('ok');
    // The test configuration names embedded parts only (its PostgreSQL is handed in, not configured): nothing
    // outside to check. The production stack's checks are in doctor.int.test.ts.
    for (const id of ['database', 'storage', 'ipfs', 'mail', 'chain', 'beacon'] as const) {
      expect(status[id]).toBe('skip');
    }
    // No secret of the process in the answer.
    expect(res.body).not.toContain(ctx.container.authSecret);
  });
});

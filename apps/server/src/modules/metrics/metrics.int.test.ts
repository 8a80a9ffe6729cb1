import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';
import { startWorkerProbe } from '../system/worker-probe.ts';

const TOKEN = 'metrics-token-0123456789';

describe.each(testBackends({ embedded: true }))('metrics and the worker probe (%s)', (backend) => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('serves /metrics only to the token holder: 401 without, 403 with a wrong one', async () => {
    ctx = await createTestContext(backend, { env: { METRICS_TOKEN: TOKEN } });
    const scrape = (authorization?: string) =>
      ctx!.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
    const anonymous = await scrape();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
    const wrong = await scrape('Bearer not-the-token-at-all');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('FORBIDDEN');

    // An unknown campaign (ids are UUIDs): a 404 whose raw URL must not become a label.
    const unknownId = crypto.randomUUID();
    await ctx.app.inject({ method: 'GET', url: `/api/campaign/${unknownId}` });
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    const body = ok.body;
    // Latency by route pattern, never by raw URL.
    expect(body).toMatch(
      /hanabi_http_request_duration_seconds_count\{method="GET",route="\/api\/campaign\/:id",status_code="404"\} 1/,
    );
    expect(body).not.toContain(unknownId);
    for (const state of ['queued', 'submitted', 'confirmed', 'failed', 'cancelled']) {
      expect(body).toContain(`hanabi_deliveries{state="${state}"} 0`);
    }
    expect(body).toContain('# TYPE hanabi_queue_jobs_waiting gauge');
    expect(body).toContain('# TYPE hanabi_queue_oldest_waiting_seconds gauge');
    // The project's day, from the ledger every reader shares: nothing spent yet, then one read's 5 units.
    expect(body).toContain('hanabi_chat_quota_left_units{platform="youtube"} 10000');
    await ctx.container.services.youtubeQuota.charge(5, new Date());
    expect((await scrape(`Bearer ${TOKEN}`)).body).toContain(
      'hanabi_chat_quota_left_units{platform="youtube"} 9995',
    );
    if (backend === 'postgres') expect(body).toMatch(/hanabi_db_pool_connections\{state="total"\} \d+/);
  });

  it('reports queue depth and the oldest waiting job per queue', async () => {
    ctx = await createTestContext(backend, { env: { METRICS_TOKEN: TOKEN } });
    const housekeeping = ctx.container.jobs.find((job) => job.name === 'housekeeping.prune')!;
    await ctx.container.queue.send(housekeeping, {});
    await ctx.container.queue.send(housekeeping, {});
    const body = await ctx.container.metrics.render();
    expect(body).toContain(`hanabi_queue_jobs_waiting{queue="${housekeeping.name}"} 2`);
    const oldest = new RegExp(
      `hanabi_queue_oldest_waiting_seconds\\{queue="${housekeeping.name}"\\} ([0-9.e-]+)`,
    );
    expect(Number(oldest.exec(body)?.[1])).toBeGreaterThanOrEqual(0);
  });

  it('has /metrics off (404) when no token is configured', async () => {
    ctx = await createTestContext(backend);
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('gives a worker /health, /ready (503 once draining) and token-guarded /metrics on its own port', async () => {
    ctx = await createTestContext(backend, { env: { METRICS_TOKEN: TOKEN } });
    const probe = await startWorkerProbe({
      port: 0,
      host: '127.0.0.1',
      system: ctx.container.services.system,
      metrics: ctx.container.metrics,
      metricsToken: TOKEN,
    });
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${probe.port}${path}`, { headers });
      expect((await get('/health')).status).toBe(200);
      const ready = await get('/ready');
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { status: string }).status).toBe('ready');
      expect((await get('/metrics')).status).toBe(401);
      expect((await get('/metrics', { authorization: 'Bearer wrong-token-wrong-token' })).status).toBe(403);
      const metrics = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('hanabi_deliveries');
      expect((await get('/elsewhere')).status).toBe(404);

      ctx.container.services.system.startDraining();
      const draining = await get('/ready');
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: 'not-ready', draining: true });
      expect((await get('/health')).status).toBe(200); // alive while it drains
    } finally {
      await probe.close();
    }
  });
});

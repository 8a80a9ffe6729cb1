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

  it('prints a sample for every family when idle, default process metrics, and counts requests by status class', async () => {
    ctx = await createTestContext(backend, { env: { METRICS_TOKEN: TOKEN } });
    // One scrape through the route first: the HTTP families are by route pattern and start with the first request.
    await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const idle = await ctx.container.metrics.render();
    // Each `# TYPE` family has at least one sample line: an alert on any of them sees a series, not nothing.
    const families = [...idle.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({
      name: name!,
      type,
    }));
    const silent = families.filter(({ name, type }) => {
      const sample = new RegExp(
        `^${name}${type === 'histogram' || type === 'summary' ? '(_count|_sum|_bucket)?' : ''}(\\{|\\s)`,
        'm',
      );
      return !sample.test(idle);
    });
    // The signer's figures are absent on purpose until the chain answers (a scrape never starts anvil);
    // prom-client's active-requests family is per request type, empty when none is in flight.
    expect(
      silent
        .map((family) => family.name)
        .filter((name) => !/^hanabi_(signer|chain)_|^nodejs_active_requests$/.test(name)),
    ).toEqual([]);
    for (const queue of ctx.container.jobs.map((job) => job.name)) {
      expect(idle).toContain(`hanabi_queue_jobs_waiting{queue="${queue}"} 0`);
      expect(idle).toContain(`hanabi_queue_oldest_waiting_seconds{queue="${queue}"} 0`);
    }
    expect(idle).toContain('hanabi_chat_readers{platform="youtube",status="live"} 0');
    expect(idle).toContain('hanabi_chat_rate_limit_remaining{platform="twitcasting"} Nan');
    expect(idle).toMatch(/hanabi_db_pool_connections\{state="idle"\} \d+/);
    for (const outcome of ['confirmed', 'reverted', 'refused']) {
      expect(idle).toMatch(new RegExp(`hanabi_deliveries_finished_total\\{outcome="${outcome}"\\} \\d+`));
    }
    for (const outcome of ['revealed', 'failed']) {
      expect(idle).toMatch(new RegExp(`hanabi_draws_finished_total\\{outcome="${outcome}"\\} \\d+`));
    }
    expect(idle).toMatch(/hanabi_chat_messages_ingested_total\{platform="twitcasting"\} \d+/);
    // prom-client's default metrics, under their standard names.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(idle).toContain(`# TYPE ${name} `);
    }

    const count = (body: string, labels: string) =>
      Number(new RegExp(`^hanabi_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(body)?.[1] ?? 0);
    const notFound = 'method="GET",route="/api/campaign/:id",status_class="4xx"';
    const before = count(idle, notFound);
    await ctx.app.inject({ method: 'GET', url: `/api/campaign/${crypto.randomUUID()}` });
    await ctx.app.inject({ method: 'GET', url: `/api/campaign/${crypto.randomUUID()}` });
    expect(count(await ctx.container.metrics.render(), notFound)).toBe(before + 2);

    // The event counters other modules call, seen on the registry the route serves.
    const { countDraw, countDeliveries, countChatMessages } = await import('./index.ts');
    const value = (body: string, series: string) =>
      Number(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(body)?.[1]);
    const series = [
      'hanabi_draws_finished_total{outcome="revealed"}',
      'hanabi_deliveries_finished_total{outcome="confirmed"}',
      'hanabi_chat_messages_ingested_total{platform="youtube"}',
    ];
    const was = series.map((name) => value(idle, name));
    countDraw('revealed');
    countDeliveries('confirmed', 3);
    countChatMessages('youtube', 2);
    const after = await ctx.container.metrics.render();
    expect(series.map((name) => value(after, name))).toEqual([was[0]! + 1, was[1]! + 3, was[2]! + 2]);
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

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext, testBackends, type TestContext } from '../../test/test-context.ts';

const TOKEN = 'metrics-token-0123456789';

/** Prometheus's own linter (Debian's `prometheus` package); CI installs it, as it does nginx for the proxy test. */
const promtool =
  [process.env.PROMTOOL_PATH, '/usr/bin/promtool', '/usr/local/bin/promtool']
    .concat((process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'promtool')))
    .find((candidate) => candidate && fs.existsSync(candidate)) ?? null;
const PROMTOOL_HINT =
  "Install Debian's promtool with:  sudo apt-get install -y --no-install-recommends prometheus";

describe.runIf(!promtool && process.env.CI)('promtool in CI', () => {
  it('is installed (the metrics lint runs in CI)', () => {
    expect.fail(`promtool is not installed. ${PROMTOOL_HINT}`);
  });
});

describe.runIf(promtool).each(testBackends({ embedded: true }))(
  '/metrics as Prometheus reads it (%s)',
  (backend) => {
    let ctx: TestContext | undefined;
    afterEach(async () => {
      await ctx?.close();
      ctx = undefined;
    });

    it('passes `promtool check metrics` with no problem, idle and after traffic', async () => {
      ctx = await createTestContext(backend, { env: { METRICS_TOKEN: TOKEN } });
      const scrape = async () => {
        const answer = await ctx!.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        expect(answer.statusCode).toBe(200);
        return answer.body;
      };
      const lint = (exposition: string) => {
        const result = spawnSync(promtool!, ['check', 'metrics'], { input: exposition, encoding: 'utf8' });
        return { status: result.status, problems: `${result.stdout}${result.stderr}`.trim() };
      };
      // Idle: every family with its zero-valued series (decision 0217).
      const idle = await scrape();
      expect(idle).toMatch(/^# TYPE hanabi_/m);
      expect(lint(idle)).toEqual({ status: 0, problems: '' });
      // After answers of several kinds, with route and status labels filled in.
      await ctx.app.inject({ method: 'GET', url: '/api/config' });
      await ctx.app.inject({ method: 'GET', url: `/api/campaign/${crypto.randomUUID()}` });
      await ctx.app.inject({ method: 'POST', url: '/api/campaign', payload: {} });
      const busy = await scrape();
      expect(busy).toMatch(/hanabi_http_request_duration_seconds_count\{/);
      expect(lint(busy)).toEqual({ status: 0, problems: '' });
      // The linter itself finds what it should: a counter without `_total` and without help.
      expect(lint('# TYPE broken counter\nbroken 1\n').status).not.toBe(0);
    });
  },
);

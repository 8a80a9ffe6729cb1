import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, finishSignUpPath, liveEventsPath } from '@hanabi/api';
import { openPostgres } from '../db/client.ts';
import {
  EXAMPLE_COMPOSE,
  exampleApiSetting,
  findNginx,
  NGINX_INSTALL_HINT,
  startExampleProxy,
  type ExampleProxy,
} from '../test/example-proxy.ts';
import { insertCampaign, insertGoods, insertUser } from '../test/live-entries.fixture.ts';
import { openStreamFrom } from '../test/loopback-clients.ts';
import {
  freePort,
  sendFrom,
  startHanabi,
  startProductionStack,
  until,
  type ProductionStack,
} from '../test/production-stack.ts';

/*
 * The deployment example's proxy in front of two api processes (issue 34, item 5; decision 0212): Debian's nginx
 * with deploy/nginx.conf (only its listen address and upstream servers changed), the api settings the compose
 * example gives (TRUST_PROXY), two built api processes on one PostgreSQL database. Each client is its own
 * loopback address, so nginx names it in X-Forwarded-For as it would a visitor: the per-client limits must see
 * that client, not the proxy everyone arrives through, and a client's own X-Forwarded-For must not move it.
 */

const nginx = findNginx();
const missingNginx = nginx === null ? `nginx is not installed. ${NGINX_INSTALL_HINT}` : null;
// CI installs it (.ci/run) and `npm test` refuses to start without it: only a developer's partial run may skip.
if (missingNginx && !process.env.CI) console.warn(`behind-proxy.int.test.ts skipped: ${missingNginx}`);

/** Sign-in links one network may ask for: the default, as the example deploys it (no override below). */
const SIGN_IN_LINKS_PER_IP = 20;
/** Open event streams per client, lowered from 100 so the test holds few. */
const STREAMS_PER_IP = 3;

const CLIENT_A = '127.0.0.2';
const CLIENT_B = '127.0.0.3';

describe.runIf(missingNginx && process.env.CI)('the example proxy in CI', () => {
  it('has nginx', () => {
    throw new Error(missingNginx!);
  });
});

describe.runIf(!missingNginx && process.env.TEST_DATABASE_URL)(
  'the example proxy in front of two api processes',
  () => {
    let stack: ProductionStack;
    let proxy: ExampleProxy;
    let campaignId: string;
    const cleanups: Array<() => Promise<unknown>> = [];

    beforeAll(async () => {
      const [proxyPort, apiPort1, apiPort2] = [await freePort(), await freePort(), await freePort()];
      const origin = `http://127.0.0.1:${proxyPort}`;
      stack = await startProductionStack('proxy', origin, { deployToken: true });
      cleanups.push(() => stack.close());
      const trustProxy = exampleApiSetting(await fs.readFile(EXAMPLE_COMPOSE, 'utf8'), 'TRUST_PROXY');
      expect(trustProxy, 'the compose example sets TRUST_PROXY for its api').not.toBeNull();
      const migrate = startHanabi({ ...stack.env, HANABI_ROLE: 'migrate' });
      expect(await migrate.exited, migrate.output()).toBe(0);
      const env = { ...stack.env, TRUST_PROXY: trustProxy!, EVENT_STREAMS_PER_IP: String(STREAMS_PER_IP) };
      const apis = [apiPort1, apiPort2].map((port) =>
        startHanabi({ ...env, HANABI_ROLE: 'api', PORT: String(port) }),
      );
      cleanups.push(async () => {
        for (const api of apis) if (api.alive()) api.child.kill('SIGKILL');
      });
      await Promise.all(apis.map((api) => api.ready()));
      proxy = await startExampleProxy(nginx!, proxyPort, [`127.0.0.1:${apiPort1}`, `127.0.0.1:${apiPort2}`]);
      cleanups.push(() => proxy.close());
      const database = await openPostgres(stack.databaseUrl, 2);
      cleanups.push(() => database.close());
      const streamerId = await insertUser(database.db, { type: 'streamer' });
      campaignId = await insertCampaign(database.db, {
        streamerId,
        goodsId: await insertGoods(database.db, streamerId),
      });
    }, 300_000);
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    const askForLink = (from: string, email: string, headers: Record<string, string> = {}) =>
      sendFrom(
        from,
        'POST',
        `${proxy.origin}${authEndpoints.requestMagicLink.path}`,
        { origin: proxy.origin, ...headers },
        { email, callbackURL: finishSignUpPath('audience') },
      );
    const upstreamsOf = async (client: string, uriPart: string, status: number) =>
      new Set(
        (await proxy.accessLog())
          .filter((line) => line.client === client && line.uri.includes(uriPart) && line.status === status)
          .map((line) => line.upstream),
      );

    it('limits sign-in links per real client: A is refused, B is served, a forged X-Forwarded-For frees nobody', async () => {
      let served = 0;
      let refused: Awaited<ReturnType<typeof askForLink>> | undefined;
      // A different address each time: only the per-network limit can stop A.
      for (let n = 1; n <= SIGN_IN_LINKS_PER_IP + 1 && !refused; n += 1) {
        const answer = await askForLink(CLIENT_A, `a-${n}@example.com`);
        if (answer.status === 200) served += 1;
        else refused = answer;
      }
      expect(served).toBe(SIGN_IN_LINKS_PER_IP);
      expect(refused?.status).toBe(429);
      expect(JSON.parse(refused!.body).error).toMatchObject({ code: 'RATE_LIMITED' });
      expect(JSON.parse(refused!.body).error.message).toContain('this network');
      expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);

      // B arrives through the same proxy, from the same proxy address on the api's side.
      expect((await askForLink(CLIENT_B, 'b-1@example.com')).status).toBe(200);

      // A names someone else: nginx appends A's real address, and TRUST_PROXY=1 reads only that last hop.
      const forged = ['203.0.113.9', CLIENT_B, '198.51.100.1, 127.0.0.4'];
      const forgedStatuses = [];
      for (const [n, forwardedFor] of forged.entries()) {
        const answer = await askForLink(CLIENT_A, `a-forged-${n}@example.com`, {
          'x-forwarded-for': forwardedFor,
        });
        forgedStatuses.push(answer.status);
      }
      expect(forgedStatuses).toEqual([429, 429, 429]);
      // B's budget was not spent by A's forgeries naming B.
      expect((await askForLink(CLIENT_B, 'b-2@example.com')).status).toBe(200);

      // A's links were served by both api processes: one budget over both, not one per process.
      expect(await upstreamsOf(CLIENT_A, 'magic-link', 200)).toHaveProperty('size', 2);
      const log = await proxy.accessLog();
      console.log(
        `behind the example proxy: client A served ${served} sign-in links, then refused ` +
          `${log.filter((line) => line.client === CLIENT_A && line.status === 429).length} ` +
          `(${forged.length} with a forged X-Forwarded-For); client B served ` +
          `${log.filter((line) => line.client === CLIENT_B && line.status === 200).length} of ` +
          `${log.filter((line) => line.client === CLIENT_B).length}`,
      );
    });

    it('caps a real client’s open event streams over both api processes, and serves another client', async () => {
      const url = `${proxy.origin}${liveEventsPath(campaignId)}`;
      const held = [];
      for (let n = 0; n < STREAMS_PER_IP; n += 1) held.push(await openStreamFrom('127.0.0.4', url));
      expect(held.map((stream) => stream.status)).toEqual(Array(STREAMS_PER_IP).fill(200));
      const refused = await openStreamFrom('127.0.0.4', url);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('30');
      const other = await openStreamFrom('127.0.0.5', url, { 'x-forwarded-for': '127.0.0.4' });
      expect(other.status).toBe(200);
      for (const stream of [...held, refused, other]) stream.close();
      // nginx logs a stream when it closes: the held ones were spread over both processes.
      await until(
        'the closed streams in the access log',
        async () => (await upstreamsOf('127.0.0.4', '/events', 200)).size === 2,
        15_000,
      );
    });
  },
);

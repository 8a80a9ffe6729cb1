import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, authEndpoints, buildPath, finishSignUpPath } from '@hanabi/api';
import { serverPaths } from '../paths.ts';
import { cookieHeaders, signUpByEmail, type SignedIn } from '../test/auth-helpers.ts';
import { pngBomb, pngBytes } from '../test/goods-fixtures.ts';
import { outwardAddress } from '../test/loopback-clients.ts';
import { createTestContext, primaryBackend, type TestContext } from '../test/test-context.ts';

/*
 * The abuse suite (issue 34 "[Abuse]", decision 0212), beside the contract fuzzer and the access matrix: the
 * issue's five attacks, each performed over HTTP on a real socket, as an attacker sends it (not app.inject), on
 * the contract's routes, and each refused. ABUSE_CASES is the index: per case the refusal it must get, the attack
 * when it is performed here, and the tests elsewhere that perform it where this process cannot (the built server
 * on another interface, two api processes behind the example's nginx). The first test fails when a case has no
 * test, or names one that is not where it says or would not run in CI.
 */

type AbuseCase =
  | 'devDoorsOnTheNetwork'
  | 'imageBomb'
  | 'hoardedEventStreams'
  | 'plantedXsrfPair'
  | 'spoofedClientBehindProxy';

interface AbuseCaseEntry {
  /** The item of issue 34 and the decision that fixed it. */
  item: number;
  decision: string;
  attack: string;
  refusal: string;
  /** The attack, performed here over a socket against this file's app. */
  here?: () => Promise<void>;
  /** Tests that perform it over HTTP elsewhere: repository path and the test's title. */
  elsewhere: { file: string; test: string }[];
}

const STREAM_CAPS = 'apps/server/src/http/event-stream-caps.int.test.ts';
const BEHIND_PROXY = 'apps/server/src/http/behind-proxy.int.test.ts';
const MAIN = 'apps/server/src/main.int.test.ts';

let ctx: TestContext;
/** The app on 127.0.0.1, and the same app on this machine's network address (a caller from elsewhere). */
let local: string;
let remote: string;
let streamer: SignedIn;
let victim: SignedIn & { userId: string };

const ABUSE_CASES: Record<AbuseCase, AbuseCaseEntry> = {
  devDoorsOnTheNetwork: {
    item: 1,
    decision: '0207',
    attack: 'from another machine, ask for the demo operator’s sign-in link and read it from the dev mailbox',
    refusal:
      '404 NOT_FOUND (a server without a mailbox), forged X-Forwarded-For or not; loopback still reads it',
    async here() {
      const operator = 'operator@demo.hanabi.local';
      const asked = await fetch(`${remote}${authEndpoints.requestMagicLink.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ctx.config.publicOrigin },
        body: JSON.stringify({ email: operator, callbackURL: finishSignUpPath('streamer') }),
      });
      expect(asked.status).toBe(200);
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const read = await fetch(`${remote}${apiRoutes.devMailbox.path}`, { headers });
        expect(read.status).toBe(404);
        const body = await read.text();
        expect(JSON.parse(body).error.code).toBe('NOT_FOUND');
        expect(body).not.toContain('magic-link');
      }
      const cleared = await fetch(`${remote}${apiRoutes.clearDevMailbox.path}`, { method: 'DELETE' });
      expect(cleared.status).toBe(404);
      // The link is there: the same read from this machine finds it.
      const mine = (await (await fetch(`${local}${apiRoutes.devMailbox.path}`)).json()) as {
        messages: { to: string; links: string[] }[];
      };
      expect(mine.messages.find((message) => message.to === operator)?.links[0]).toContain('magic-link');
    },
    elsewhere: [
      { file: MAIN, test: 'listens on this machine only by default: another machine cannot connect' },
      {
        file: MAIN,
        test: 'opened to other machines, serves them no dev mailbox, no sandbox and no demo operator, and says so',
      },
    ],
  },
  imageBomb: {
    item: 2,
    decision: '0210',
    attack: 'upload a 16,000 × 16,000 PNG (a few KB inflating to 1 GB) as a campaign picture',
    refusal: '413 PAYLOAD_TOO_LARGE, reason imageTooLarge; a picture within the limits is stored',
    async here() {
      const upload = (bytes: Buffer, name: string) =>
        fetch(`${local}${buildPath(apiRoutes.uploadFile.path, { kind: 'campaign' })}?name=${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${streamer.token}`, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(bytes),
        });
      const bomb = await upload(pngBomb(16_000, 16_000), 'bomb.png');
      expect(bomb.status).toBe(413);
      expect(((await bomb.json()) as { error: unknown }).error).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        reason: 'imageTooLarge',
      });
      expect((await upload(pngBytes(64, 48), 'fine.png')).status).toBe(201);
    },
    elsewhere: [],
  },
  hoardedEventStreams: {
    item: 3,
    decision: '0209',
    attack:
      'hold open event streams from one client (per IP), or one person (per user), over every api process',
    refusal: '429 RATE_LIMITED with Retry-After: 30 past the cap; another client is served',
    elsewhere: [
      {
        file: STREAM_CAPS,
        test: 'lets one address hold three, refuses the fourth with 429 and Retry-After, and serves another address',
      },
      {
        file: STREAM_CAPS,
        test: 'caps a signed-in person’s notification streams wherever they connect from',
      },
      {
        file: BEHIND_PROXY,
        test: 'caps a real client’s open event streams over both api processes, and serves another client',
      },
    ],
  },
  plantedXsrfPair: {
    item: 4,
    decision: '0208',
    attack: 'write with a signed-in person’s session cookie and an XSRF cookie + header pair planted for it',
    refusal: '403 FORBIDDEN, reason xsrfTokenInvalid; the session’s own token is accepted',
    async here() {
      const update = (headers: Record<string, string>, bio: string) =>
        fetch(`${local}${buildPath(apiRoutes.updateAccount.path, { id: victim.userId })}`, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ bio }),
        });
      const own = cookieHeaders(ctx, victim.jar);
      expect(own.cookie).toMatch(/hanabi\.session_token=.*XSRF-TOKEN=|XSRF-TOKEN=.*hanabi\.session_token=/);
      const planted = await update(
        {
          ...own,
          cookie: own.cookie!.replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=planted'),
          'x-xsrf-token': 'planted',
        },
        'planted',
      );
      expect(planted.status).toBe(403);
      expect(((await planted.json()) as { error: unknown }).error).toMatchObject({
        reason: 'xsrfTokenInvalid',
      });
      const accepted = await update(own, 'mine');
      expect(accepted.status).toBe(200);
      expect(((await accepted.json()) as { bio: string }).bio).toBe('mine');
    },
    elsewhere: [],
  },
  spoofedClientBehindProxy: {
    item: 5,
    decision: '0212',
    attack:
      'behind the example’s nginx, spend a per-client limit (sign-in links), then forge X-Forwarded-For',
    refusal:
      '429 RATE_LIMITED for that client, forged header or not; another client through the proxy served',
    elsewhere: [
      {
        file: BEHIND_PROXY,
        test: 'limits sign-in links per real client: A is refused, B is served, a forged X-Forwarded-For frees nobody',
      },
    ],
  },
};

const repoRoot = path.resolve(serverPaths.root, '../..');

describe('the abuse suite', () => {
  let remoteListener: http.Server | undefined;

  beforeAll(async () => {
    ctx = await createTestContext(primaryBackend(), { env: { AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    local = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    // The same app on the network address only, so its callers are not loopback (the app's own server has one).
    const server = http.createServer((request, response) => ctx.app.routing(request, response));
    remoteListener = server;
    await new Promise<void>((resolve) => server.listen(0, outwardAddress(), resolve));
    remote = `http://${outwardAddress()}:${(server.address() as AddressInfo).port}`;
    streamer = await signUpByEmail(ctx, 'abuse-streamer@example.com', 'streamer');
    victim = await signUpByEmail(ctx, 'abuse-victim@example.com', 'audience');
  });
  afterAll(async () => {
    remoteListener?.closeAllConnections();
    await new Promise((resolve) => remoteListener?.close(resolve) ?? resolve(undefined));
    await ctx?.close();
  });

  it('covers each of the five cases with a test over HTTP that CI runs', () => {
    expect(Object.values(ABUSE_CASES).map((entry) => entry.item)).toEqual([1, 2, 3, 4, 5]);
    for (const [name, entry] of Object.entries(ABUSE_CASES)) {
      expect(entry.here || entry.elsewhere.length > 0, `${name} is performed somewhere`).toBeTruthy();
      expect(
        fs.readdirSync(path.join(repoRoot, 'docs/decisions')).some((f) => f.startsWith(entry.decision)),
      ).toBe(true);
      for (const { file, test } of entry.elsewhere) {
        // Every apps/server/src/**/*.int.test.ts runs in the integration or the processes project (vitest.config.ts).
        expect(file, name).toMatch(/^apps\/server\/src\/.+\.int\.test\.ts$/);
        const source = fs.readFileSync(path.join(repoRoot, file), 'utf8');
        expect(source, `${file} has the test "${test}"`).toMatch(
          new RegExp(`\\bit\\(\\s*'${test.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}'`),
        );
      }
    }
  });

  for (const [name, entry] of Object.entries(ABUSE_CASES)) {
    if (entry.here) it(`${name} (item ${entry.item}): ${entry.attack} → ${entry.refusal}`, entry.here);
  }
});

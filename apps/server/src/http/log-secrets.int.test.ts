import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, http } from 'viem';
import { cookieHeaders, latestLink, localPath, signUpByEmail } from '../test/auth-helpers.ts';
import { startLiveWorld, type LiveWorld } from '../modules/live-ingestion/live-test-support.ts';
import { primaryBackend } from '../test/test-context.ts';

/**
 * No secrets in logs (issue 20): the app runs with its real logger at `trace` into a captured stream while a
 * person signs in with an e-mail link (token in the URL), connects YouTube through the sandbox's OAuth (code
 * and state in the callback URL), sends an Idempotency-Key, and an RPC error quotes an API key inside the
 * chain URL. Then the whole log is searched for every one of those secrets.
 */
describe('the log never holds a secret', () => {
  let world: LiveWorld;
  let captured = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      captured += chunk.toString();
      done();
    },
  });

  beforeAll(async () => {
    world = await startLiveWorld(primaryBackend(), {
      realSessions: true,
      env: { LOG_LEVEL: 'trace', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      logStream: stream,
    });
  });
  afterAll(() => world?.close());

  it('keeps sign-in tokens, session tokens, OAuth codes and states, idempotency keys and RPC keys out', async () => {
    const secrets: Record<string, string> = {};
    const person = await signUpByEmail(world.ctx, 'log-secrets@example.com', 'audience', 'Log');
    const link = new URL(await latestLink(world.ctx.app, 'log-secrets@example.com'));
    secrets.signInLinkToken = link.searchParams.get('token')!;
    secrets.sessionToken = person.token;

    // Opening the link again is also logged with its URL (better-auth refuses it: single use).
    await world.ctx.app.inject({ method: 'GET', url: localPath(link.toString()) });

    const asked = await world.ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/youtube/channelId/url',
      headers: cookieHeaders(world.ctx, person.jar),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    person.jar.absorb(asked);
    const back = await world.consent(asked.json<{ url: string }>().url, 'Viewer Aoi');
    secrets.oauthCode = back.searchParams.get('code')!;
    secrets.oauthState = back.searchParams.get('state')!;
    expect(await world.callback(back, { cookie: person.jar.header() })).toContain('connected=youtube');

    secrets.idempotencyKey = `idem-${crypto.randomUUID()}`;
    await world.ctx.app.inject({
      method: 'POST',
      url: '/api/campaign',
      headers: { ...cookieHeaders(world.ctx, person.jar), 'idempotency-key': secrets.idempotencyKey },
      payload: {},
    });

    // What an RPC failure looks like when CHAIN_RPC_URL carries a key (a closed port: it fails at once).
    secrets.rpcKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    secrets.rpcPassword = 'rpc-pass-42';
    const client = createPublicClient({
      transport: http(`http://hanabi:${secrets.rpcPassword}@127.0.0.1:9/v3/${secrets.rpcKey}`, {
        retryCount: 0,
      }),
    });
    const rpcError = await client.getBlockNumber().catch((error: unknown) => error);
    expect(String(rpcError)).toContain(secrets.rpcKey);
    world.ctx.container.log.error({ err: rpcError }, 'chain request failed');

    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length, name).toBeGreaterThan(5);
      expect(captured.includes(value), `${name} is in the log`).toBe(false);
    }
    // The lines are there, with the secrets cut out: the request log still shows which URL was asked for.
    expect(captured).toContain('/api/auth/magic-link/verify?token=[redacted]');
    expect(captured).toMatch(/callback\?[^"]*code=\[redacted\]/);
    expect(captured).toContain('chain request failed');
  });
});

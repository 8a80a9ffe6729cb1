import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '@hanabi/api';
import { installSessionHint } from './session-hint.ts';

/** A server whose routes set and clear a session cookie the way better-auth's handler does (raw Set-Cookie). */
async function server() {
  const app = Fastify();
  installSessionHint(app, { isSessionCookie: (name) => name === 'hanabi.session_token', secure: true });
  app.post('/sign-in', (_request, reply) =>
    reply
      .header('set-cookie', ['hanabi.session_token=tok.sig; Max-Age=604800; Path=/; HttpOnly; Secure'])
      .send({ ok: true }),
  );
  app.post('/sign-out', (_request, reply) =>
    reply.header('set-cookie', ['hanabi.session_token=; Max-Age=0; Path=/; HttpOnly']).send({ ok: true }),
  );
  app.get('/api/thing', () => ({ ok: true }));
  return app;
}

const hintOf = (headers: Record<string, unknown>) =>
  ([headers['set-cookie']].flat().filter(Boolean) as string[]).find((line) =>
    line.startsWith(`${SESSION_HINT_COOKIE}=`),
  );

describe('the session hint cookie', () => {
  it('follows the session cookie: set with its lifetime on sign-in, cleared on sign-out', async () => {
    const app = await server();
    const signIn = await app.inject({ method: 'POST', url: '/sign-in' });
    expect(hintOf(signIn.headers)).toBe(
      `${SESSION_HINT_COOKIE}=1; Max-Age=604800; Path=/; SameSite=Lax; Secure`,
    );
    // The session cookie itself is untouched (still HttpOnly, still there).
    expect([signIn.headers['set-cookie']].flat()).toContain(
      'hanabi.session_token=tok.sig; Max-Age=604800; Path=/; HttpOnly; Secure',
    );
    const signOut = await app.inject({ method: 'POST', url: '/sign-out' });
    expect(hintOf(signOut.headers)).toMatch(/^hanabi\.has_session=; Max-Age=0/);
  });

  it('leaves JSON answers alone (an API read never sets cookies for it)', async () => {
    const app = await server();
    const read = await app.inject({
      method: 'GET',
      url: '/api/thing',
      headers: { cookie: 'hanabi.session_token=tok.sig' },
    });
    expect(hintOf(read.headers)).toBeUndefined();
  });
});

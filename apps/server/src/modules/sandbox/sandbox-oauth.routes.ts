import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_CLIENT } from '../../config.ts';
import type { SandboxGrant, SandboxPlatform, SandboxStore } from './sandbox.store.ts';
import { SANDBOX_ROUTE } from './sandbox-route-config.ts';

/**
 * The platforms' OAuth, faked: a consent page with "Allow as <fake account>" buttons that redirects back with a
 * one-use code, and token endpoints answering like Google (`/token`) and TwitCasting (`/oauth2/access_token`).
 */
const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Only this server's own origin or a local one: the sandbox must not become an open redirector. */
function redirectAllowed(uri: string, publicOrigin: string): boolean {
  try {
    const url = new URL(uri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return (
      url.origin === new URL(publicOrigin).origin ||
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    );
  } catch {
    return false;
  }
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        '<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">' +
        `<p style="color:#a33;font-weight:bold">SANDBOX — no real account is used</p><h1>${escape(title)}</h1>${body}</body></html>`,
    );
}

function consentPage(
  reply: FastifyReply,
  store: SandboxStore,
  platform: SandboxPlatform,
  approveUrl: string,
  params: Record<string, string>,
  denyUrl: string,
) {
  const label = platform === 'youtube' ? 'YouTube (Google)' : 'TwitCasting';
  // What the scope grants, as the platform's own consent screen words it: the same for a streamer connecting a
  // channel and a viewer linking one to receive a prize.
  const grants =
    platform === 'youtube'
      ? 'Hanabi wants to: View your YouTube account (read-only).'
      : 'Hanabi wants to read your TwitCasting account information (read-only).';
  const buttons = store
    .accounts(platform)
    .filter((a) => a.selectable)
    .map((a) => {
      const query = new URLSearchParams({ ...params, account: a.id }).toString();
      return (
        `<p><a href="${escape(`${approveUrl}?${query}`)}" style="display:inline-block;padding:.6rem 1rem;` +
        `border:1px solid #888;border-radius:.4rem;text-decoration:none">Allow as ${escape(a.name)}</a> ` +
        `<small>${escape(a.platform === 'youtube' ? a.id : `@${a.screenId}`)}</small></p>`
      );
    })
    .join('');
  return page(
    reply,
    200,
    `Sign in to ${label}`,
    `<p>${grants}</p>${buttons}` +
      // Anyone a test person commented as: the chat's name, found or made, so a typed viewer can link too.
      `<form method="get" action="${escape(approveUrl)}"><p><label>Another account — its name: ` +
      '<input name="name" required maxlength="100" autocomplete="off"></label> <button>Continue</button></p>' +
      Object.entries(params)
        .map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`)
        .join('') +
      `</form><p><a href="${escape(denyUrl)}">Cancel</a></p>`,
  );
}

/** The account picked by button (`account`: id or screen id) or typed on the consent page (`name`). */
function chosenAccount(
  store: SandboxStore,
  platform: SandboxPlatform,
  q: Record<string, string | undefined>,
) {
  if (q.account) return store.account(platform, q.account);
  const name = q.name?.trim();
  return name && name.length <= 100 ? store.namedAccount(platform, name) : null;
}

export function registerSandboxOAuthRoutes(
  app: FastifyInstance,
  store: SandboxStore,
  publicOrigin: string,
): void {
  const ytAuth = '/sandbox/youtube/o/oauth2/v2/auth';
  app.get(ytAuth, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== SANDBOX_CLIENT.id) return page(reply, 401, 'Error 401: invalid_client', '');
    if (!q.redirect_uri || !redirectAllowed(q.redirect_uri, publicOrigin)) {
      return page(reply, 400, 'Error 400: redirect_uri_mismatch', '');
    }
    if (q.response_type !== 'code' || !q.scope?.includes('youtube')) {
      return page(
        reply,
        400,
        'Error 400: invalid_request',
        '<p>response_type=code and a youtube scope are required.</p>',
      );
    }
    const params = { redirect_uri: q.redirect_uri, state: q.state ?? '', scope: q.scope };
    const deny = new URL(q.redirect_uri);
    deny.searchParams.set('error', 'access_denied');
    if (q.state) deny.searchParams.set('state', q.state);
    return consentPage(reply, store, 'youtube', `${ytAuth}/approve`, params, deny.toString());
  });
  app.get(`${ytAuth}/approve`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const account = chosenAccount(store, 'youtube', q);
    if (!account || !q.redirect_uri || !redirectAllowed(q.redirect_uri, publicOrigin)) {
      return page(reply, 400, 'Error 400: invalid_request', '');
    }
    const grant: SandboxGrant = {
      platform: 'youtube',
      accountId: account.id,
      redirectUri: q.redirect_uri,
      scope: q.scope ?? '',
    };
    const target = new URL(q.redirect_uri);
    target.searchParams.set('code', store.createCode(grant));
    if (q.state) target.searchParams.set('state', q.state);
    target.searchParams.set('scope', grant.scope);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/sandbox/youtube/token', { config: SANDBOX_ROUTE }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const fail = (status: number, error: string, description: string) =>
      reply.code(status).send({ error, error_description: description });
    if (form.client_id !== SANDBOX_CLIENT.id || form.client_secret !== SANDBOX_CLIENT.secret) {
      return fail(401, 'invalid_client', 'The OAuth client was not found.');
    }
    let grant: SandboxGrant | null;
    if (form.grant_type === 'authorization_code') {
      grant = form.code ? store.takeCode(form.code) : null;
      if (grant && grant.redirectUri !== form.redirect_uri)
        return fail(400, 'redirect_uri_mismatch', 'Bad Request');
    } else if (form.grant_type === 'refresh_token') {
      grant = form.refresh_token ? store.grantForRefreshToken(form.refresh_token) : null;
    } else {
      return fail(400, 'unsupported_grant_type', 'Invalid grant_type');
    }
    if (!grant || grant.platform !== 'youtube') return fail(400, 'invalid_grant', 'Bad Request');
    const tokens = store.issueTokens(grant);
    return reply.send({
      access_token: tokens.accessToken,
      expires_in: 3599,
      // Google sends the refresh token on the code exchange only.
      ...(form.grant_type === 'authorization_code' ? { refresh_token: tokens.refreshToken } : {}),
      scope: grant.scope,
      token_type: 'Bearer',
    });
  });

  const tcAuth = '/sandbox/twitcasting/oauth2/authorize';
  app.get(tcAuth, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q.client_id !== SANDBOX_CLIENT.id || q.response_type !== 'code') {
      return page(reply, 400, 'Invalid request', '<p>client_id and response_type=code are required.</p>');
    }
    const callback = store.settings().twitcastingCallbackUrl;
    const deny = new URL(callback);
    deny.searchParams.set('result', 'denied');
    return consentPage(
      reply,
      store,
      'twitcasting',
      `${tcAuth}/approve`,
      { state: q.state ?? '' },
      deny.toString(),
    );
  });
  app.get(`${tcAuth}/approve`, { config: SANDBOX_ROUTE }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    const account = chosenAccount(store, 'twitcasting', q);
    if (!account) return page(reply, 400, 'Invalid request', '');
    const callback = store.settings().twitcastingCallbackUrl;
    const code = store.createCode({
      platform: 'twitcasting',
      accountId: account.id,
      redirectUri: callback,
      scope: '',
    });
    const target = new URL(callback);
    target.searchParams.set('code', code);
    if (q.state) target.searchParams.set('state', q.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/sandbox/twitcasting/oauth2/access_token', { config: SANDBOX_ROUTE }, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const fail = (code: number, message: string) =>
      reply.code(code === 1001 ? 400 : code).send({ error: { code, message } });
    if (form.grant_type !== 'authorization_code' || !form.code) return fail(1001, 'Validation error');
    if (form.client_id !== SANDBOX_CLIENT.id || form.client_secret !== SANDBOX_CLIENT.secret) {
      return fail(400, 'Bad Request');
    }
    const grant = store.takeCode(form.code);
    if (!grant || grant.platform !== 'twitcasting' || grant.redirectUri !== form.redirect_uri) {
      return fail(400, 'Bad Request');
    }
    return reply.send({
      token_type: 'Bearer',
      expires_in: 15_552_000,
      access_token: store.issueTokens(grant).accessToken,
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../adapters/mail/index.ts';
import { sendError } from '../../http/error-handler.ts';
import type { MailUnsubscribe } from './mail-unsubscribe.ts';
import { UNSUBSCRIBE_PATH, unsubscribeOpenApi } from './unsubscribe.openapi.ts';

const PAGE = (body: string) => `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Hanabi</title></head>
<body style="font-family: sans-serif; line-height: 1.6; max-width: 36em; margin: 3em auto; padding: 0 1em;">
${body}
</body></html>
`;

/**
 * One-click unsubscribe (RFC 8058, decision 0217) at `/api/mail/unsubscribe/:token`. POST switches the mail off
 * and answers 200: the mail provider sends it with no cookies, so the route is public, reads no session and
 * takes no XSRF token (`signedUrl`); the signed token is the authority. GET only shows a page with a button that
 * POSTs: link scanners fetch every URL in a mail, and must not unsubscribe anyone.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, links: MailUnsubscribe): void {
  const config = { access: 'public', sessionless: true, signedUrl: true } as const;
  // HTML answers and ignored form bodies: described by hand in `config.openapi` (decision 0216).
  const schema = { hide: true };
  void app.register(async (scope) => {
    // RFC 8058 bodies are `List-Unsubscribe=One-Click`, form-encoded or multipart; the token says everything.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
        done(null, {}),
      );
    }
    scope.route<{ Params: { token: string } }>({
      method: 'GET',
      url: '/api/mail/unsubscribe/:token',
      config: { ...config, openapi: { [UNSUBSCRIBE_PATH]: { get: unsubscribeOpenApi.get } } },
      schema,
      handler: async (request, reply) => {
        const check = links.check(request.params.token);
        if (!check.ok) return refuse(reply, check.reason);
        const action = escapeHtml(request.url);
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            PAGE(`<p lang="ja">賞品のお知らせメールを停止しますか？</p>
<p lang="en">Stop the e-mails about your prizes?</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">停止する / Unsubscribe</button></form>`),
          );
      },
    });
    scope.route<{ Params: { token: string } }>({
      method: 'POST',
      url: '/api/mail/unsubscribe/:token',
      config: { ...config, openapi: { [UNSUBSCRIBE_PATH]: { post: unsubscribeOpenApi.post } } },
      schema,
      handler: async (request, reply) => {
        const check = links.check(request.params.token);
        if (!check.ok) return refuse(reply, check.reason);
        if (!(await links.switchOff(check.userId, check.kind)))
          return sendError(reply, 'NOT_FOUND', 'This account no longer exists.', undefined, 'userNotFound');
        request.log.info({ userId: check.userId, kind: check.kind }, 'mail switched off by one-click link');
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            PAGE(`<p lang="ja">賞品のお知らせメールを停止しました。アカウントページでいつでも再開できます。</p>
<p lang="en">You will no longer get e-mails about your prizes. You can turn them on again on your account page.</p>`),
          );
      },
    });
  });
}

function refuse(
  reply: Parameters<typeof sendError>[0],
  reason: 'unsubscribeLinkInvalid' | 'unsubscribeLinkExpired',
) {
  return reason === 'unsubscribeLinkExpired'
    ? sendError(reply, 'BUSINESS_RULE', 'This unsubscribe link has expired.', undefined, reason)
    : sendError(reply, 'BAD_REQUEST', 'This unsubscribe link is not valid.', undefined, reason);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import { notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { DevMailbox } from '../../adapters/mail/index.ts';

/** A caller on this machine (the socket's own address: `X-Forwarded-For` counts only behind a trusted proxy). */
function fromLoopback(request: FastifyRequest): boolean {
  const ip = request.ip.replace(/^::ffff:/, '');
  return ip === '::1' || /^127\./.test(ip);
}

/**
 * The mailbox holds everyone's sign-in links: whoever reads it can be anyone. Only a caller on this machine or a
 * signed-in operator may; anyone else gets the same 404 as a server without it, so its presence is not told.
 */
function guard(request: FastifyRequest, session: SessionUser | null): void {
  if (fromLoopback(request) || session?.role === 'operator') return;
  throw notFound('notFound');
}

/**
 * The dev mailbox pages (embedded mode only, and by default only when listening on loopback — app.ts does not
 * register them otherwise, so they are 404): what the server "sent", newest first, with the links pulled out for
 * tests and the mailbox page.
 */
export function registerDevMailboxRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  registerRoute(app, apiRoutes.devMailbox, async ({ request, session }) => {
    guard(request, session);
    return listMessages(mailbox);
  });
  registerRoute(app, apiRoutes.clearDevMailbox, async ({ request, session }) => {
    guard(request, session);
    await mailbox.clear();
    return null;
  });
}

async function listMessages(mailbox: DevMailbox) {
  return {
    messages: (await mailbox.list()).map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      createdAt: mail.createdAt.toISOString(),
    })),
  };
}

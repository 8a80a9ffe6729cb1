import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@hanabi/api';
import { registerRoute } from '../../http/register-route.ts';
import type { DevMailbox } from '../../adapters/mail/index.ts';

/**
 * The dev mailbox pages (embedded mode only — app.ts does not register them otherwise, so they are 404):
 * what the server "sent", newest first, with the links pulled out for tests and the mailbox page.
 */
export function registerDevMailboxRoutes(app: FastifyInstance, mailbox: DevMailbox): void {
  registerRoute(app, apiRoutes.devMailbox, async () => ({
    messages: (await mailbox.list()).map((mail) => ({
      id: mail.id,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      links: mail.links,
      createdAt: mail.createdAt.toISOString(),
    })),
  }));
  registerRoute(app, apiRoutes.clearDevMailbox, async () => {
    await mailbox.clear();
    return null;
  });
}

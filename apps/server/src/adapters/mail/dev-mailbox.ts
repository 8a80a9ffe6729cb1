import crypto from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devMail } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { extractLinks, type Mailer, type MailMessage } from './mailer.ts';

export interface StoredMail extends MailMessage {
  id: string;
  links: string[];
  createdAt: Date;
}

/**
 * The embedded mail adapter: every message becomes a row of `dev_mail` (so it survives restarts) and a log
 * line with its links, so a sign-in link can be opened from the console or from /api/dev/mailbox.
 */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox';

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {}

  /** The mailbox is a table of the app's own database: nothing outside to reach. */
  async verify(): Promise<void> {}

  async send(message: MailMessage): Promise<void> {
    const links = extractLinks(message.text);
    await this.db.insert(devMail).values({
      id: crypto.randomUUID(),
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      links,
      headers: message.headers ?? {},
    });
    this.log.info({ to: message.to, subject: message.subject, links }, `dev mailbox: mail to ${message.to}`);
  }

  /** Newest first. */
  async list(limit = 100): Promise<StoredMail[]> {
    const rows = await this.db
      .select()
      .from(devMail)
      .orderBy(desc(devMail.createdAt), desc(devMail.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      links: row.links,
      headers: row.headers,
      createdAt: row.createdAt,
    }));
  }

  async clear(): Promise<number> {
    const deleted = await this.db.delete(devMail).returning({ id: devMail.id });
    return deleted.length;
  }
}

import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { DevMailbox } from './dev-mailbox.ts';
import { SmtpMailer } from './smtp-mailer.ts';
import type { Mailer } from './mailer.ts';

export type { Mailer, MailMessage } from './mailer.ts';
export { escapeHtml } from './mailer.ts';
export { DevMailbox } from './dev-mailbox.ts';
export { SmtpMailer } from './smtp-mailer.ts';

/** SMTP when `SMTP_URL` is set (production requires it), the dev mailbox otherwise. */
export function createMailer(config: AppConfig, db: Db, log: Logger): Mailer {
  const mailLog = log.child({ component: 'mail' });
  return config.mail.smtpUrl
    ? new SmtpMailer(config.mail.smtpUrl, config.mail.from, mailLog)
    : new DevMailbox(db, mailLog);
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../../logger.ts';
import { AdapterError } from '../adapter-error.ts';
import type { Mailer, MailMessage } from './mailer.ts';

/** Production mail: SMTP through nodemailer (`SMTP_URL`, sender `MAIL_FROM`). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      const info = await this.transport.sendMail({ from: this.from, ...message });
      this.log.info({ to: message.to, messageId: info.messageId }, 'mail sent');
    } catch (error) {
      // The SMTP error (host, credentials) stays in the log; the caller answers a plain 500.
      this.log.error({ err: error, to: message.to }, 'mail could not be sent');
      throw new Error('The e-mail could not be sent.', { cause: error });
    }
  }

  async verify(): Promise<void> {
    try {
      await this.transport.verify();
    } catch (error) {
      // nodemailer's codes: EAUTH for refused credentials; the rest (ECONNECTION, ETIMEDOUT, ESOCKET, EDNS) are
      // the server not answering as SMTP. The message never quotes the password.
      const code = (error as { code?: string }).code ?? 'ESMTP';
      throw new AdapterError(code === 'EAUTH' ? 'auth' : 'retryable', 'smtp', code, { cause: error });
    }
  }

  close(): void {
    this.transport.close();
  }
}

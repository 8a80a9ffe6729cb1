import { isAdapterError } from '../../../adapters/adapter-error.ts';
import { fail, ok, skip, type DoctorCheckDefinition, type DoctorPorts } from '../doctor.types.ts';

/** SMTP: connect and authenticate (nodemailer's verify); with `--send-test <address>`, one real e-mail. */
export function mailCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'mail',
    required: true,
    async run() {
      const { smtpUrl, from } = ports.config.mail;
      if (!smtpUrl || !ports.mailer)
        return skip('the dev mailbox at /dev/mailbox (embedded; production: SMTP_URL)');
      const server = new URL(smtpUrl);
      const details = [`server ${server.protocol}//${server.host}`, `from ${from}`];
      try {
        await ports.mailer.verify();
      } catch (error) {
        return isAdapterError(error, 'auth')
          ? fail(
              'the SMTP server refused the credentials',
              'Check the user and password in SMTP_URL',
              details,
            )
          : fail(
              `the SMTP server does not answer (${(error as Error).message})`,
              'Check SMTP_URL host and port (smtps:// for 465) and that it is reachable from here',
              details,
            );
      }
      if (ports.sendTestTo) {
        try {
          await ports.mailer.send({
            to: ports.sendTestTo,
            subject: 'Hanabi: test e-mail from the doctor',
            text: `This is a test e-mail sent by \`npm run doctor --send-test\` from ${ports.config.publicOrigin}.`,
            html: `<p>This is a test e-mail sent by <code>npm run doctor --send-test</code> from ${ports.config.publicOrigin}.</p>`,
          });
          details.push(`test e-mail sent to ${ports.sendTestTo}`);
        } catch {
          return fail(
            'connected, but the test e-mail was refused',
            'Check MAIL_FROM is a sender the server accepts',
            details,
          );
        }
      }
      return ok('connected and authenticated', details);
    },
  };
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/index.ts';
import { isPlaceholderEmail } from '../../adapters/oauth/index.ts';
import type { Db } from '../../db/client.ts';
import { appUser, authUser, notification } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { MailUnsubscribe } from './mail-unsubscribe.ts';
import { prizeReceivedMail } from './prize-mail.ts';

/** How many pending e-mails one run takes (the job runs every minute and again when it took a full batch). */
const BATCH = 100;

/**
 * Sends the e-mail twins of notifications marked for mail (decision 0097): to people who allow it
 * (`app_user.email_notices`), have a real address and are not suspended, in their account language. Each row is
 * claimed (pending → sent) before sending, so parallel runs never send one twice; a failed send puts it back.
 */
export class NotificationMailService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly publicOrigin: string,
    private readonly log: Logger,
    private readonly unsubscribe: MailUnsubscribe,
  ) {}

  /** Sends what is pending; answers how many were sent and skipped. */
  async sendPending(): Promise<{ sent: number; skipped: number; failed: number; more: boolean }> {
    const rows = await this.db
      .select({
        id: notification.id,
        type: notification.type,
        params: notification.params,
        hrefId: notification.hrefId,
        userId: appUser.id,
        userType: appUser.type,
        locale: appUser.locale,
        emailNotices: appUser.emailNotices,
        suspendedAt: appUser.suspendedAt,
        email: authUser.email,
      })
      .from(notification)
      .innerJoin(appUser, eq(appUser.id, notification.userId))
      .innerJoin(authUser, eq(authUser.id, appUser.authUserId))
      .where(eq(notification.mailState, 'pending'))
      .orderBy(asc(notification.createdAt))
      .limit(BATCH);
    const result = { sent: 0, skipped: 0, failed: 0, more: rows.length === BATCH };
    const skip = rows.filter(
      (row) =>
        !row.emailNotices ||
        row.suspendedAt !== null ||
        isPlaceholderEmail(row.email) ||
        row.type !== 'prizeReceived',
    );
    if (skip.length > 0) {
      await this.db
        .update(notification)
        .set({ mailState: 'skipped' })
        .where(
          and(
            inArray(
              notification.id,
              skip.map((row) => row.id),
            ),
            eq(notification.mailState, 'pending'),
          ),
        );
      result.skipped = skip.length;
    }
    for (const row of rows) {
      if (skip.includes(row)) continue;
      const [claimed] = await this.db
        .update(notification)
        .set({ mailState: 'sent' })
        .where(and(eq(notification.id, row.id), eq(notification.mailState, 'pending')))
        .returning({ id: notification.id });
      if (!claimed) continue;
      try {
        await this.mailer.send({
          ...prizeReceivedMail({
            to: row.email,
            locale: row.locale,
            goodsName: String(row.params.goodsName ?? ''),
            amount: Number(row.params.amount ?? 1),
            collectionUrl: `${this.publicOrigin}/collection/${row.hrefId ?? ''}`,
            accountUrl: `${this.publicOrigin}/${row.userType}/account`,
          }),
          // The mail says it can be switched off, so it carries the one-click link too (RFC 8058).
          headers: this.unsubscribe.headers(row.userId, 'prizeNotices'),
        });
        result.sent += 1;
      } catch (error) {
        // Back to pending: the next run tries again.
        await this.db.update(notification).set({ mailState: 'pending' }).where(eq(notification.id, row.id));
        this.log.warn({ err: error, notificationId: row.id }, 'could not send a prize e-mail; will retry');
        result.failed += 1;
      }
    }
    return result;
  }
}

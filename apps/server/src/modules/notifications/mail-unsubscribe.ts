import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser } from '../../db/schema.ts';

/** Mail a person can switch off; each maps to one preference (today: the prize news, `app_user.email_notices`). */
export type MailKind = 'prizeNotices';
/** One letter per kind in the token: Fastify caps a path parameter at 100 characters. */
const CODES: Record<MailKind, string> = { prizeNotices: 'p' };
const KIND_OF = new Map(Object.entries(CODES).map(([kind, code]) => [code, kind as MailKind]));
/** A link in an old mail keeps working this long; after that the account page still switches the mail off. */
const LINK_DAYS = 90;

export type UnsubscribeCheck =
  | { ok: true; userId: string; kind: MailKind }
  | { ok: false; reason: 'unsubscribeLinkInvalid' | 'unsubscribeLinkExpired' };

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * One-click unsubscribe links (RFC 8058, decision 0217). The URL carries `payload.mac`: the payload names the user,
 * the mail kind and an expiry, the MAC is HMAC-SHA256 under a key derived from the auth secret. So the POST needs
 * no session and no XSRF token (a mail provider sends it without cookies), and nobody can forge one for another
 * person. The key is derived, not the secret itself, so these MACs are never valid for anything else.
 */
export class MailUnsubscribe {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicOrigin: string,
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = crypto.createHmac('sha256', secret).update('hanabi:mail-unsubscribe:v1').digest();
  }

  token(userId: string, kind: MailKind): string {
    const expires = Math.floor(this.now().getTime() / 1000) + LINK_DAYS * 86_400;
    const payload = b64(`${userId}:${CODES[kind]}:${expires}`);
    return `${payload}.${this.mac(payload)}`;
  }

  url(userId: string, kind: MailKind): string {
    return `${this.publicOrigin}/api/mail/unsubscribe/${this.token(userId, kind)}`;
  }

  /** The RFC 2369 / 8058 headers for a mail of this kind to this person. */
  headers(userId: string, kind: MailKind): Record<string, string> {
    return {
      'List-Unsubscribe': `<${this.url(userId, kind)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }

  check(token: string): UnsubscribeCheck {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return { ok: false, reason: 'unsubscribeLinkInvalid' };
    const wanted = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (wanted.length !== given.length || !crypto.timingSafeEqual(wanted, given))
      return { ok: false, reason: 'unsubscribeLinkInvalid' };
    const [userId, code, expires] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
    const kind = KIND_OF.get(code ?? '');
    if (!userId || !kind) return { ok: false, reason: 'unsubscribeLinkInvalid' };
    if (Number(expires) * 1000 < this.now().getTime()) return { ok: false, reason: 'unsubscribeLinkExpired' };
    return { ok: true, userId, kind };
  }

  /** Switches the named mail off for the named person; answers false when the person is gone. */
  async switchOff(userId: string, kind: MailKind): Promise<boolean> {
    if (kind !== 'prizeNotices') return false;
    const rows = await this.db
      .update(appUser)
      .set({ emailNotices: false })
      .where(eq(appUser.id, userId))
      .returning({ id: appUser.id });
    return rows.length > 0;
  }

  private mac(payload: string): string {
    // 128 bits of the MAC (22 characters): unforgeable, and the token stays under the path-parameter cap.
    return crypto.createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

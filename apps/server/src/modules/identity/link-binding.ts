import crypto from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { SignInLinkCode, SignInLinkInfo } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { signInLinkBinding } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

/** The HttpOnly cookie naming the browser that asked for a sign-in link (its value is hashed at rest). */
export const LINK_BROWSER_COOKIE = 'hanabi.link_browser';
export const LINK_BROWSER_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function newBrowserSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The browser secret from a Cookie header, when it is one this server could have made. */
export function browserSecretOf(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LINK_BROWSER_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return SECRET.test(value) ? value : null;
  }
  return null;
}

export type LinkVerdict = 'sameBrowser' | 'otherBrowser' | 'unknown';

/**
 * E-mail sign-in links bound to the browser that asked for them (decision 0064). better-auth's magic-link
 * plugin stays in charge of tokens and sessions; this records, per link, the requesting browser and a 6-digit
 * code shown only there. Opened in another browser, the link signs in only after that code was typed there.
 */
export class LinkBindings {
  constructor(
    private readonly db: Db,
    private readonly options: { ttlSeconds: number; maxAttempts: number },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async bind(input: { token: string; email: string; browserSecret: string }): Promise<void> {
    const now = this.now();
    await this.db.delete(signInLinkBinding).where(lt(signInLinkBinding.expiresAt, now));
    await this.db.insert(signInLinkBinding).values({
      tokenHash: sha256(input.token),
      browserHash: sha256(input.browserSecret),
      email: input.email.toLowerCase(),
      code: crypto.randomInt(0, 1_000_000).toString().padStart(6, '0'),
      expiresAt: new Date(now.getTime() + this.options.ttlSeconds * 1000),
    });
  }

  /** Whether this browser may open the link now. */
  async verdict(token: string, browserSecret: string | null): Promise<LinkVerdict> {
    const row = await this.live(token);
    if (!row) return 'unknown';
    if (browserSecret === null) return 'otherBrowser';
    const hash = sha256(browserSecret);
    return row.browserHash === hash || row.confirmedBrowserHash === hash ? 'sameBrowser' : 'otherBrowser';
  }

  /** The link was used (a session was made): it cannot be confirmed anywhere any more. */
  async spend(token: string): Promise<void> {
    await this.db.delete(signInLinkBinding).where(eq(signInLinkBinding.tokenHash, sha256(token)));
  }

  /** The code of the newest pending link this browser asked for. */
  async codeFor(browserSecret: string | null): Promise<SignInLinkCode> {
    const none = { email: null, code: null, expiresAt: null };
    if (!browserSecret) return none;
    const [row] = await this.db
      .select()
      .from(signInLinkBinding)
      .where(
        and(
          eq(signInLinkBinding.browserHash, sha256(browserSecret)),
          gt(signInLinkBinding.expiresAt, this.now()),
        ),
      )
      .orderBy(desc(signInLinkBinding.createdAt))
      .limit(1);
    return row ? { email: row.email, code: row.code, expiresAt: row.expiresAt.toISOString() } : none;
  }

  async info(token: string): Promise<SignInLinkInfo> {
    const row = await this.live(token);
    if (!row) throw this.gone();
    return { email: row.email, expiresAt: row.expiresAt.toISOString() };
  }

  /**
   * The right code lets `browserSecret` open the link; a wrong one counts, and the link dies at the limit
   * (so six digits cannot be guessed in the link's lifetime).
   */
  async confirm(token: string, code: string, browserSecret: string): Promise<void> {
    const row = await this.live(token);
    if (!row || row.attempts >= this.options.maxAttempts) throw this.gone();
    const typed = code.replace(/\s/g, '');
    const ok =
      typed.length === row.code.length && crypto.timingSafeEqual(Buffer.from(typed), Buffer.from(row.code));
    if (!ok) {
      const [after] = await this.db
        .update(signInLinkBinding)
        .set({ attempts: sql`${signInLinkBinding.attempts} + 1` })
        .where(eq(signInLinkBinding.tokenHash, row.tokenHash))
        .returning();
      const left = this.options.maxAttempts - (after?.attempts ?? this.options.maxAttempts);
      if (left <= 0) {
        await this.spend(token);
        throw this.gone();
      }
      throw new AppError(
        'BUSINESS_RULE',
        `That is not the code. ${left} tries left.`,
        [{ field: 'body.code', message: 'wrong code' }],
        'wrongSignInCode',
      );
    }
    await this.db
      .update(signInLinkBinding)
      .set({ confirmedBrowserHash: sha256(browserSecret) })
      .where(eq(signInLinkBinding.tokenHash, row.tokenHash));
  }

  private async live(token: string) {
    const [row] = await this.db
      .select()
      .from(signInLinkBinding)
      .where(
        and(eq(signInLinkBinding.tokenHash, sha256(token)), gt(signInLinkBinding.expiresAt, this.now())),
      );
    return row ?? null;
  }

  private gone(): AppError {
    return new AppError(
      'NOT_FOUND',
      'This sign-in link has expired or was used: ask for a new one.',
      undefined,
      'signInLinkExpired',
    );
  }
}

import { betterAuth } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins/bearer';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import { AUTH_BASE_PATH, AUTH_REDIRECT_ERRORS, OAUTH_PROVIDERS, type AuthProvider } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authAccount, authSession, authUser, authVerification } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { oauthProviders } from '../../adapters/oauth/index.ts';
import type { IdentityRepository } from './identity.repository.ts';
import { signInLinkMail } from './sign-in-mail.ts';
import { acceptedLocale, cookieLocale } from '../../lib/request-locale.ts';
import {
  browserSecretOf,
  LINK_BROWSER_COOKIE,
  LINK_BROWSER_COOKIE_MAX_AGE,
  newBrowserSecret,
  type LinkBindings,
} from './link-binding.ts';

/** The page where a sign-in link opened in another browser asks for the requesting browser's code. */
export const LINK_CONFIRM_PATH = '/signin/confirm';

/** The header the Fastify mount sets to the client IP it trusts (better-auth records it on sessions). */
export const CLIENT_IP_HEADER = 'x-hanabi-client-ip';
export const AUTH_COOKIE_PREFIX = 'hanabi';

/**
 * better-auth endpoints Hanabi does not use (passwords, e-mail change, self-deletion, raw provider tokens):
 * answered 404 over HTTP, so they add no attack surface.
 */
const DISABLED_PATHS = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-in/anonymous',
  '/change-password',
  '/set-password',
  '/verify-password',
  '/request-password-reset',
  '/reset-password',
  '/change-email',
  '/update-user',
  '/delete-user',
  '/delete-user/callback',
  '/send-verification-email',
  '/verify-email',
  '/get-access-token',
  '/refresh-token',
  '/account-info',
];

export interface AuthDependencies {
  config: AppConfig;
  db: Db;
  secret: string;
  mailer: Mailer;
  identities: IdentityRepository;
  linkBindings: LinkBindings;
  log: Logger;
}

interface HookContext {
  path?: string;
  params?: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  headers?: Headers;
  redirect(url: string): Error;
}

/** Where a link opened in another browser goes: the confirm page, carrying the link's own parameters. */
function confirmUrl(ctx: HookContext, origin: string): string {
  const url = new URL(LINK_CONFIRM_PATH, origin);
  for (const key of ['token', 'callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) {
    const value = ctx.query?.[key];
    if (typeof value === 'string') url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Which method started a session, from the better-auth endpoint creating it. */
export function signInMethodOf(ctx: HookContext | null | undefined): AuthProvider | null {
  if (!ctx?.path) return null;
  if (ctx.path === '/magic-link/verify') return 'email';
  if (ctx.path.startsWith('/callback/')) {
    const id = ctx.params?.id;
    return (OAUTH_PROVIDERS as readonly string[]).includes(id ?? '') ? (id as AuthProvider) : null;
  }
  return null;
}

/** Where a refused e-mail link lands: the request's errorCallbackURL (or callbackURL) with `?error=`. */
function errorRedirectUrl(ctx: HookContext, origin: string, error: string): string {
  const target = ctx.query?.errorCallbackURL ?? ctx.query?.callbackURL ?? '/';
  const url = new URL(typeof target === 'string' ? target : '/', origin);
  if (url.origin !== origin) return `${origin}/?error=${encodeURIComponent(error)}`;
  url.searchParams.set('error', error);
  return url.toString();
}

/**
 * The better-auth instance: sessions in the app database (drizzle, PGlite or PostgreSQL), e-mail sign-in links
 * through the mail adapter, bearer tokens as in the original client, Google and X through generic OAuth.
 */
export function createAuth(deps: AuthDependencies) {
  const { config, identities, linkBindings } = deps;
  const log = deps.log.child({ component: 'auth' });
  return betterAuth({
    appName: 'Hanabi',
    baseURL: config.publicOrigin,
    basePath: AUTH_BASE_PATH,
    secret: deps.secret,
    trustedOrigins: [config.publicOrigin],
    telemetry: { enabled: false },
    database: drizzleAdapter(deps.db, {
      provider: 'pg',
      schema: { user: authUser, session: authSession, account: authAccount, verification: authVerification },
    }),
    session: {
      // 30 days, extended (with a fresh cookie) by GET /api/auth/get-session at most once a day.
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
      additionalFields: { signInMethod: { type: 'string', required: false, input: false } },
    },
    account: {
      accountLinking: {
        enabled: true,
        // Both only ever hand over a provider-verified address (or a placeholder), so linking by e-mail is safe;
        // an account linked from the account page may have another address than the account's own.
        trustedProviders: [...OAUTH_PROVIDERS],
        allowDifferentEmails: true,
      },
    },
    // Fastify limits /api/auth/* per client IP (AUTH_RATE_LIMIT_PER_MINUTE), in the same envelope as the rest.
    rateLimit: { enabled: false },
    disabledPaths: DISABLED_PATHS,
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: config.auth.secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      // better-auth skips its origin check when NODE_ENV=test; keep it on so tests see production behaviour.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Unexpected errors reach Fastify's error handler (logged, answered as a plain 500 envelope).
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        const target = level === 'error' ? log.error : level === 'warn' ? log.warn : log.debug;
        target.call(log, { details: args.length > 0 ? args : undefined }, message);
      },
    },
    hooks: {
      // Decision 0064: a link opened in a browser other than the one that asked for it does not sign in; it
      // goes to the confirm page (which account, and the code shown in the requesting browser).
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/magic-link/verify') return;
        const hook = ctx as unknown as HookContext;
        const token = hook.query?.token;
        if (typeof token !== 'string') return;
        const verdict = await linkBindings.verdict(token, browserSecretOf(hook.headers?.get('cookie')));
        if (verdict === 'sameBrowser') return;
        if (verdict === 'unknown') {
          throw hook.redirect(errorRedirectUrl(hook, config.publicOrigin, AUTH_REDIRECT_ERRORS.invalidToken));
        }
        throw hook.redirect(confirmUrl(hook, config.publicOrigin));
      }),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session, context) {
            const ctx = context as unknown as HookContext | null;
            const method = signInMethodOf(ctx);
            if (method === 'email' && ctx && !(await allowEmailSignIn(identities, session.userId))) {
              throw ctx.redirect(
                errorRedirectUrl(ctx, config.publicOrigin, AUTH_REDIRECT_ERRORS.emailSignInNotLinked),
              );
            }
            // A used link cannot be confirmed in another browser afterwards.
            if (method === 'email' && typeof ctx?.query?.token === 'string') {
              await linkBindings.spend(ctx.query.token);
            }
            return { data: { ...session, signInMethod: method } };
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: config.auth.magicLinkTtlSeconds,
        storeToken: 'hashed',
        async sendMagicLink({ email, url, token }, ctx) {
          // The asking browser keeps its binding cookie (or gets one): opening the link there signs in.
          const browserSecret = browserSecretOf(ctx?.headers?.get('cookie')) ?? newBrowserSecret();
          await linkBindings.bind({ token, email, browserSecret });
          ctx?.setCookie(LINK_BROWSER_COOKIE, browserSecret, {
            httpOnly: true,
            sameSite: 'lax',
            secure: config.auth.secureCookies,
            path: '/',
            maxAge: LINK_BROWSER_COOKIE_MAX_AGE,
          });
          await deps.mailer.send(
            signInLinkMail({
              to: email,
              url,
              ttlSeconds: config.auth.magicLinkTtlSeconds,
              // The language of the page the link was asked from (the web app's cookie), else the browser's.
              locale:
                cookieLocale(ctx?.headers?.get('cookie')) ??
                acceptedLocale(ctx?.headers?.get('accept-language')) ??
                config.defaultLocale,
            }),
          );
        },
      }),
      bearer(),
      genericOAuth({ config: oauthProviders(config.auth) }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * E-mail-link sign-in is on for an identity when it has an `email` method. An identity with no method at all
 * (new through this very link) gets it; one that signs in with Google/X only must link e-mail first.
 */
async function allowEmailSignIn(identities: IdentityRepository, authUserId: string): Promise<boolean> {
  const methods = await identities.listMethods(authUserId);
  if (methods.some((method) => method.provider === 'email')) return true;
  if (methods.length > 0) return false;
  const identity = await identities.findById(authUserId);
  if (!identity?.email) return false;
  await identities.addEmailMethod(authUserId, identity.email);
  return true;
}

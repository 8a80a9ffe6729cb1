import type { FastifyRequest } from 'fastify';
import { firstPaintFrame, type FirstPaint } from './first-paint.ts';
import { builtFirstPaint, hasSessionCookie } from './static-page-paint.ts';
import { paintLocale } from './og-locale.ts';

/** The sign-in step's route module (its scripts are what a signed-out visitor needs next). */
const SIGNUP_MODULE = 'src/features/signup/pages/signup.page.tsx';

/** The server's sign-in options, as `/api/auth/providers` reports them. */
export type SignInProviders = () => { google: boolean; twitter: boolean };

/**
 * The painted step's name in the build's first paints: with Google/X, the title and lead; with the e-mail link
 * only, the card too, and its dev-mailbox hint when the server is embedded (decision 0192), as the page shows it.
 */
export function signInStepName(offered: ReturnType<SignInProviders>, devMailbox: boolean): string {
  if (offered.google || offered.twitter) return 'signup-audience.withProviders';
  return devMailbox ? 'signup-audience.emailOnly.devMailbox' : 'signup-audience.emailOnly';
}

/**
 * First paint of an audience page for a signed-out visitor (decision 0120): the app sends them to the sign-in step
 * (`/signup/audience`), so the server draws that step's title and lead — in the visitor's language, with the lead
 * of the sign-in options this server offers, and the e-mail card when that is the only option — and preloads the sign-in page's scripts instead of the page's own.
 * Nothing is drawn when a session cookie comes along (the page itself will show).
 */
export function signInStepPaint(webDist: string | undefined, providers: SignInProviders, devMailbox = false) {
  return async (_id: string, request: FastifyRequest): Promise<FirstPaint | null> => {
    const cookies = request.headers.cookie;
    if (hasSessionCookie(cookies)) return null;
    const locale = paintLocale(cookies);
    const content = builtFirstPaint(webDist, `${signInStepName(providers(), devMailbox)}.${locale}`);
    if (content === null) return null;
    return { markup: firstPaintFrame(content), preloadImages: [], lang: locale, routeModule: SIGNUP_MODULE };
  };
}

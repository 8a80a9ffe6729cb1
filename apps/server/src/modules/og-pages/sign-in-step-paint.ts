import type { FastifyRequest } from 'fastify';
import { AUTH_COOKIE_PREFIX } from '../identity/index.ts';
import { firstPaintFrame, type FirstPaint } from './first-paint.ts';
import { builtFirstPaint, paintLocale } from './static-page-paint.ts';

/** The sign-in step's route module (its scripts are what a signed-out visitor needs next). */
const SIGNUP_MODULE = 'src/features/signup/pages/signup.page.tsx';
/** better-auth's session cookie (`__Secure-` prefixed when cookies are secure). */
const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${AUTH_COOKIE_PREFIX}\\.session_token=`);

/** The server's sign-in options, as `/api/auth/providers` reports them. */
export type SignInProviders = () => { google: boolean; twitter: boolean };

/**
 * First paint of an audience page for a signed-out visitor (decision 0120): the app sends them to the sign-in step
 * (`/signup/audience`), so the server draws that step's title and lead — in the visitor's language, with the lead
 * of the sign-in options this server offers — and preloads the sign-in page's scripts instead of the page's own.
 * Nothing is drawn when a session cookie comes along (the page itself will show).
 */
export function signInStepPaint(webDist: string | undefined, providers: SignInProviders) {
  return async (_id: string, request: FastifyRequest): Promise<FirstPaint | null> => {
    const cookies = request.headers.cookie;
    if (cookies && SESSION_COOKIE.test(cookies)) return null;
    const offered = providers();
    const lead = offered.google || offered.twitter ? 'withProviders' : 'emailOnly';
    const locale = paintLocale(cookies);
    const content = builtFirstPaint(webDist, `signup-audience.${lead}.${locale}`);
    if (content === null) return null;
    return { markup: firstPaintFrame(content), preloadImages: [], lang: locale, routeModule: SIGNUP_MODULE };
  };
}

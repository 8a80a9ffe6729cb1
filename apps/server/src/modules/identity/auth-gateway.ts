import type { AuthProviders, OAuthProvider } from '@hanabi/api';
import type { AppConfig } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** better-auth's APIError, as far as mapping it goes. */
interface AuthApiError {
  statusCode?: number;
  status?: string | number;
  body?: { code?: string; message?: string };
  message?: string;
}

/** A better-auth error from a server-side call → the Hanabi error it means; anything else is rethrown. */
export function toAppError(error: unknown): unknown {
  const apiError = error as AuthApiError;
  const status = typeof apiError?.statusCode === 'number' ? apiError.statusCode : undefined;
  if (!status || status < 400 || status >= 500) return error;
  const message = apiError.body?.message ?? apiError.message ?? 'The request could not be processed.';
  if (status === 401) return new AppError('UNAUTHENTICATED', message);
  if (status === 403) return new AppError('FORBIDDEN', message, undefined, 'signInRefused');
  if (status === 404) return new AppError('NOT_FOUND', message, undefined, 'signInRefused');
  if (status === 409) return new AppError('CONFLICT', message, undefined, 'signInRefused');
  if (status === 422 || status === 417)
    return new AppError('BUSINESS_RULE', message, undefined, 'signInRefused');
  if (status === 429) return new AppError('RATE_LIMITED', message);
  return new AppError('BAD_REQUEST', message);
}

/**
 * Server-side calls into better-auth that act for the caller (their cookies/bearer in `headers`). Answers carry
 * the `Set-Cookie` headers better-auth produced, for the route to pass on.
 */
export class AuthGateway {
  constructor(
    private readonly auth: Auth,
    private readonly config: AppConfig,
  ) {}

  providers(): AuthProviders {
    return {
      email: true,
      google: Boolean(this.config.auth.google),
      twitter: Boolean(this.config.auth.twitter),
    };
  }

  isConfigured(provider: OAuthProvider): boolean {
    return this.providers()[provider];
  }

  /** Starts linking Google/X to the signed-in identity: the URL of the provider's consent page. */
  async startLink(
    headers: Headers,
    provider: OAuthProvider,
    callbackURL: string,
  ): Promise<{ url: string; responseHeaders: Headers }> {
    try {
      const result = await this.auth.api.linkSocialAccount({
        headers,
        body: { provider, callbackURL, errorCallbackURL: callbackURL, disableRedirect: true },
        returnHeaders: true,
      });
      return { url: result.response.url, responseHeaders: result.headers };
    } catch (error) {
      throw toAppError(error);
    }
  }

  /** Ends the caller's session (and with `everywhere`, all of the person's sessions). Never fails for nobody. */
  async signOut(headers: Headers, everywhere: boolean): Promise<Headers> {
    if (everywhere) {
      try {
        const result = await this.auth.api.revokeSessions({ headers, returnHeaders: true });
        return result.headers;
      } catch (error) {
        const mapped = toAppError(error);
        if (!(mapped instanceof AppError && mapped.code === 'UNAUTHENTICATED')) throw mapped;
      }
    }
    const result = await this.auth.api.signOut({ headers, returnHeaders: true });
    return result.headers;
  }
}

import { AUTH_BASE_PATH, authEndpoints } from '@hanabi/api';
import {
  contractOperation,
  errorResponse,
  pathParameter,
  queryParameter,
  redirectResponse,
  type OpenApiPaths,
} from '../../http/openapi-describe.ts';

/**
 * The OpenAPI description of better-auth's endpoints the web app uses (auth-handler.ts mounts better-auth under
 * /api/auth; its schema is hidden, decision 0216). The calls the web makes are contract routes (`authEndpoints`),
 * turned into operations from their schemas; the two the browser only navigates to (the e-mail link, the OAuth
 * callback) are redirects, described here. Errors come back in the Hanabi error envelope.
 */

const tooMany = {
  429: errorResponse('Too many sign-in calls from this address (or to this e-mail address)'),
};
const invalid = { 400: errorResponse('Invalid input'), ...tooMany };
const offSite = 'A callback URL that is not on this site';
const noSession = 'Invalid input, or no session to end (already signed out)';

function operation(name: keyof typeof authEndpoints, errors: Record<number, string>) {
  const route = authEndpoints[name];
  return { [route.path]: contractOperation(name, 'identity', route, errors) };
}

export const authOpenApi: OpenApiPaths = {
  ...operation('requestMagicLink', {
    400: 'Invalid input',
    403: offSite,
    429: 'Too many links asked for this address or from here',
  }),
  ...operation('socialSignIn', {
    400: 'Invalid input',
    403: offSite,
    404: 'A provider this server does not offer (not configured)',
    429: 'Too many calls',
  }),
  ...operation('signOut', { 400: noSession, 429: 'Too many calls' }),
  ...operation('getSession', { 429: 'Too many calls' }),
  ...operation('revokeSessions', { 400: noSession, 401: 'Signed out', 429: 'Too many calls' }),
  [`${AUTH_BASE_PATH}/magic-link/verify`]: {
    get: {
      operationId: 'verifyMagicLink',
      summary: 'Open an e-mail sign-in link',
      description:
        'The link the e-mail carries. Sets the session cookie and redirects to `callbackURL` (or ' +
        '`newUserCallbackURL` for a new identity); a bad or expired link redirects to `errorCallbackURL?error=…`.',
      tags: ['identity'],
      security: [],
      parameters: [
        queryParameter('token', 'The one-time token of the link.', true),
        queryParameter('callbackURL', 'Where to land signed in (a path of this site).'),
        queryParameter('newUserCallbackURL', 'Where a new identity lands.'),
        queryParameter('errorCallbackURL', 'Where a bad or expired link lands.'),
      ],
      responses: { 302: redirectResponse('Signed in, or the error page'), ...invalid },
    },
  },
  [`${AUTH_BASE_PATH}/callback/{providerId}`]: {
    get: {
      operationId: 'oauthSignInCallback',
      summary: 'Where Google or X sends the browser back after sign-in',
      description: 'Sets the session cookie and redirects to the `callbackURL` the sign-in started with.',
      tags: ['identity'],
      security: [],
      parameters: [
        pathParameter('providerId', '`google` or `twitter`.'),
        queryParameter('code', 'The authorization code.'),
        queryParameter('state', 'The state better-auth sent.'),
        queryParameter('error', 'Set when the person refused or the provider failed.'),
      ],
      responses: { 302: redirectResponse('Signed in, or the sign-up page with `?error=`'), ...invalid },
    },
  },
};

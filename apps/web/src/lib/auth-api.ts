import {
  apiRoutes,
  authEndpoints,
  finishSignUpPath,
  type Account,
  type AuthProvider,
  type OAuthProvider,
  type SigninResponse,
  type UserType,
} from '@hanabi/api';
import { currentLocale } from './i18n';
import { callApi } from './api-client';

/** Where a failed link or OAuth sign-in comes back to: the sign-up page of the type, with `?error=`. */
export function signupPath(userType: UserType): string {
  return `/signup/${userType}`;
}

/** Sends the e-mail sign-in link; the link lands on `/signup/{type}/finishSignUp` (docs/original-spec.md §9). */
export async function requestSignInLink(email: string, userType: UserType): Promise<void> {
  await callApi(authEndpoints.requestMagicLink, {
    body: {
      email,
      callbackURL: finishSignUpPath(userType),
      newUserCallbackURL: finishSignUpPath(userType),
      errorCallbackURL: signupPath(userType),
    },
  });
}

/** Starts Google or X sign-in: the provider's page to send the browser to. */
export async function startSocialSignIn(provider: OAuthProvider, userType: UserType): Promise<string> {
  const { url } = await callApi(authEndpoints.socialSignIn, {
    body: {
      provider,
      callbackURL: finishSignUpPath(userType),
      newUserCallbackURL: finishSignUpPath(userType),
      errorCallbackURL: signupPath(userType),
      disableRedirect: true,
    },
  });
  return url;
}

/** `POST /api/signin` with the identity token, as the original sent it explicitly. */
export function signIn(
  userType: UserType,
  authProvider: AuthProvider | undefined,
  token: string,
): Promise<SigninResponse> {
  return callApi(apiRoutes.signin, { body: { userType, authProvider }, token });
}

/** `POST /api/signup`: creates the Hanabi user of the type for the signed-in identity. */
export function signUp(userType: UserType, name: string, token: string): Promise<Account> {
  // The account speaks the language chosen before signing up (decision 0077).
  return callApi(apiRoutes.signup, { body: { userType, name, locale: currentLocale() }, token });
}

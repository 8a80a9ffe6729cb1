import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { makeAccount } from '../../test/fixtures';
import {
  NO_TOKEN_ERROR,
  landingResult,
  nameFromEmail,
  outcomeOfSigninError,
  outcomeOfSigninResponse,
  redirectErrorKey,
} from './sign-in-outcome';

describe('sign-in outcome (docs/original-spec.md §4)', () => {
  const user = makeAccount();

  it('a user in the answer → signin, with the user to store', () => {
    expect(outcomeOfSigninResponse({ result: 'signin', user })).toEqual({ mode: 'signin', user });
  });

  it("'not yet register' → registration", () => {
    expect(
      outcomeOfSigninResponse({
        result: 'not yet register',
        email: 'hana@example.com',
        authProvider: 'email',
        providerUid: 'hana@example.com',
      }),
    ).toEqual({
      mode: 'registration',
      hasAnotherUserType: false,
      email: 'hana@example.com',
      providerUid: 'hana@example.com',
      authProvider: 'email',
    });
  });

  it("'invalid user type' → registration with hasAnotherUserType and the returned user", () => {
    expect(outcomeOfSigninResponse({ result: 'invalid user type', user, hasAnotherUserType: true })).toEqual({
      mode: 'registration',
      hasAnotherUserType: true,
      user,
    });
  });

  it('no user on the result is an error', () => {
    expect(outcomeOfSigninResponse(null).mode).toBe('error');
    expect(outcomeOfSigninResponse(undefined).mode).toBe('error');
    expect(
      outcomeOfSigninResponse({ result: 'signin', user: undefined } as unknown as Parameters<
        typeof outcomeOfSigninResponse
      >[0]).mode,
    ).toBe('error');
  });

  it("a failed call: 'not yet register' → registration, anything else → error with the message", () => {
    expect(outcomeOfSigninError(new Error('not yet register'))).toMatchObject({ mode: 'registration' });
    const forbidden = new ApiError({ status: 403, code: 'FORBIDDEN', message: 'This account is suspended.' });
    expect(outcomeOfSigninError(forbidden)).toEqual({ mode: 'error', message: 'This account is suspended.' });
    // A refusal with a reason reads in the page's language (decision 0205).
    const message = 'This sign-in already has a Hanabi account.';
    const taken = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message,
      body: { error: { code: 'CONFLICT', message, reason: 'accountAlreadyExists' } },
    });
    expect(outcomeOfSigninError(taken)).toEqual({
      mode: 'error',
      message: 'このログイン方法にはすでに Hanabi のアカウントがあります。ログインしてください。',
    });
  });
});

describe('landing on finishSignUp', () => {
  const session = { session: { token: 'tok' }, user: { id: 'a', email: 'x@example.com' } };

  it('an ?error= (expired link, cancelled) is a token failure: back to the sign-up page', () => {
    expect(landingResult('INVALID_TOKEN', session)).toEqual({ kind: 'tokenFailure', code: 'INVALID_TOKEN' });
  });

  it('no session (no user on the redirect result) is the error outcome', () => {
    expect(landingResult(null, null)).toEqual({ kind: 'noUser' });
    expect(landingResult(null, { session: { token: 'tok' }, user: null })).toEqual({ kind: 'noUser' });
  });

  it('a session without a token is a token failure', () => {
    expect(landingResult(null, { session: null, user: { id: 'a' } })).toEqual({
      kind: 'tokenFailure',
      code: NO_TOKEN_ERROR,
    });
  });

  it('a session goes on with its token', () => {
    expect(landingResult(null, session)).toEqual({ kind: 'session', token: 'tok' });
  });

  it('explains the known redirect errors', () => {
    expect(redirectErrorKey('INVALID_TOKEN')).toBe('invalidToken');
    expect(redirectErrorKey('EMAIL_SIGN_IN_NOT_LINKED')).toBe('emailSignInNotLinked');
    expect(redirectErrorKey('access_denied')).toBe('cancelled');
    expect(redirectErrorKey(NO_TOKEN_ERROR)).toBe('noToken');
    expect(redirectErrorKey('state_mismatch')).toBe('unknown');
  });

  it('prefills the display name from the e-mail’s local part', () => {
    expect(nameFromEmail('hana.yamada@example.com')).toBe('hana.yamada');
    expect(nameFromEmail(null)).toBe('');
  });
});

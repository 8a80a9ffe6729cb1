import { describe, expect, it } from 'vitest';
import { signInStepName } from './sign-in-step-paint.ts';

describe('which sign-in step the server draws (decisions 0120, 0192)', () => {
  it('draws the title and lead alone when Google or X is offered (their buttons are the server’s choice)', () => {
    for (const devMailbox of [false, true]) {
      expect(signInStepName({ google: true, twitter: false }, devMailbox)).toBe(
        'signup-audience.withProviders',
      );
      expect(signInStepName({ google: false, twitter: true }, devMailbox)).toBe(
        'signup-audience.withProviders',
      );
    }
  });

  it('draws the e-mail card with the e-mail link only, and its dev-mailbox hint when embedded', () => {
    expect(signInStepName({ google: false, twitter: false }, false)).toBe('signup-audience.emailOnly');
    expect(signInStepName({ google: false, twitter: false }, true)).toBe(
      'signup-audience.emailOnly.devMailbox',
    );
  });
});

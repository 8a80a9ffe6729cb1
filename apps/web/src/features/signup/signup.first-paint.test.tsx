import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { i18n } from '../../lib/i18n';
import { ja } from '../../lib/i18n/ja';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { signupFirstPaint } from './signup.first-paint';

const config = (mode: 'embedded' | 'production') => ({
  mode,
  externalRedirectAllowedHosts: [],
  chainId: 31337,
  defaultLocale: 'ja' as const,
});
const emailOnly = (url: string) =>
  url.startsWith('/api/auth/providers')
    ? jsonResponse(200, { email: true, google: false, twitter: false })
    : undefined;
const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * The server draws the sign-in step from this markup before any script runs (decisions 0120, 0192); React then
 * puts the page in its place. Their texts must be the same, in the same order, or the swap shows.
 */
describe('the sign-in step drawn before the app (e-mail link only)', () => {
  it.each([
    ['embedded', 'emailWithDevMailbox'],
    ['production', 'email'],
  ] as const)('says what the page says, in order (%s)', async (mode, card) => {
    renderApp('/signup/audience', { config: config(mode), api: emailOnly });
    await screen.findByRole('button', { name: ja.auth.email.send });
    if (mode === 'embedded') await screen.findByTestId('dev-mailbox-hint');
    const painted = document.createElement('div');
    painted.innerHTML = signupFirstPaint(ja, 'audience', 'emailOnly', card);
    painted.querySelector('style')?.remove();
    const page = document.querySelector('#main-content .mantine-Container-root')!;
    // The painted field shows the input's placeholder as text (it is no input: nothing typed into it is lost).
    expect(page.querySelector('input')?.placeholder).toBe('you@example.com');
    expect(textOf(painted).replace('you@example.com', '')).toBe(textOf(page));
    expect(textOf(painted).includes(ja.auth.devMailbox.hint)).toBe(mode === 'embedded');
  });

  it('draws English from the English messages and escapes what it draws', () => {
    const markup = signupFirstPaint(
      { ...en, auth: { ...en.auth, termsNotice: '<b>terms</b> & "more"' } },
      'audience',
      'emailOnly',
      'email',
    );
    expect(markup).toContain(en.auth.email.description);
    expect(markup).toContain('&#60;b&#62;terms&#60;/b&#62; &#38; &#34;more&#34;');
    expect(markup).not.toContain('<b>');
    expect(signupFirstPaint(en, 'audience', 'withProviders')).not.toContain(en.auth.email.label);
    expect(i18n.language).toBe('ja');
  });
});

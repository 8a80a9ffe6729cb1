import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { ja } from '../../lib/i18n/ja';
import { renderApp } from '../../test/render-app';
import { areaIntroFirstPaint } from './area-intro.first-paint';

const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * The server draws an area's introduction from this markup before any script runs (decision 0193); React then puts
 * the page in its place. Their texts must be the same, in the same order, or the swap shows.
 */
describe('the area introductions drawn before the app (signed out)', () => {
  it.each(['audience', 'streamer'] as const)('/%s says what the page says, in order', async (area) => {
    renderApp(`/${area}`);
    const signUp = await screen.findByRole('link', { name: ja.intro.signUp });
    expect(signUp.getAttribute('href')).toBe(`/signup/${area}`);
    const painted = document.createElement('div');
    painted.innerHTML = areaIntroFirstPaint(ja, area);
    painted.querySelector('style')?.remove();
    expect(painted.querySelector('a')?.getAttribute('href')).toBe(`/signup/${area}`);
    expect(textOf(painted)).toBe(textOf(document.querySelector('#main-content .mantine-Container-root')!));
  });

  it('draws English from the English messages and escapes what it draws', () => {
    const markup = areaIntroFirstPaint(
      { intro: { ...en.intro, audienceBody: '<i>x</i> & "y"' } },
      'audience',
    );
    expect(markup).toContain(en.intro.audienceTitle);
    expect(markup).toContain('&#60;i&#62;x&#60;/i&#62; &#38; &#34;y&#34;');
    expect(markup).not.toContain('<i>');
  });
});

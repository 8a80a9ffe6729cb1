/**
 * The area introductions (`/audience`, `/streamer`) as a signed-out visitor sees them, in plain markup for the
 * server to put in `#root` before any script runs (decision 0193): the build writes one per area and language
 * (`apps/web/build/first-paint.plugin.ts`). It mirrors `pages/area-intro.page.tsx` with the same Mantine sizes, so
 * when React replaces it the text keeps its size and place: the browser's largest paint (the introduction) stays
 * this early one. No imports but plain modules: the build reads it outside the bundler's browser graph. Change
 * both together.
 */
import type { UserType } from '@hanabi/api';
import { systemFonts } from '../../lib/system-fonts';
import { escapeHtml } from '../../lib/html-text';

/** The messages it shows (`intro.*` of `lib/i18n`). */
export interface AreaIntroMessages {
  intro: {
    streamerTitle: string;
    streamerBody: string;
    audienceTitle: string;
    audienceBody: string;
    signUp: string;
  };
}

// Stack gap md, max-width 720; PageTitle is an h1 at h2 size with margin-bottom lg; Text size lg; a Group with a
// Button size md. The primary colour is hanabi.7 (`app/theme.ts`), a theme variable MantineProvider has not
// written yet.
const STYLE = [
  '.fp-intro{display:flex;flex-direction:column;gap:var(--mantine-spacing-md);',
  `max-width:calc(45rem * var(--mantine-scale));font-family:${systemFonts}}`,
  `.fp-intro h1{font-family:${systemFonts};font-weight:700;font-size:var(--mantine-h2-font-size);`,
  'line-height:var(--mantine-h2-line-height);margin:0 0 var(--mantine-spacing-lg)}',
  '.fp-intro p{margin:0;font-size:var(--mantine-font-size-lg);line-height:var(--mantine-line-height-lg)}',
  '.fp-intro-actions{display:flex;flex-wrap:wrap;align-items:center;gap:var(--mantine-spacing-md)}',
  '.fp-intro-actions a{box-sizing:border-box;display:flex;align-items:center;white-space:nowrap;',
  'height:calc(2.625rem * var(--mantine-scale));padding:0 calc(1.375rem * var(--mantine-scale));',
  'border:calc(0.0625rem * var(--mantine-scale)) solid transparent;border-radius:var(--mantine-radius-md);',
  'background:#c92a52;color:var(--mantine-color-white);font-size:var(--mantine-font-size-md);font-weight:600;',
  'line-height:1;text-decoration:none}',
].join('');

/** The first screen of `/{area}` for a signed-out visitor in one language (inside the server's first-paint frame). */
export function areaIntroFirstPaint(messages: AreaIntroMessages, area: UserType): string {
  const { intro } = messages;
  const title = area === 'streamer' ? intro.streamerTitle : intro.audienceTitle;
  const body = area === 'streamer' ? intro.streamerBody : intro.audienceBody;
  return [
    `<style>${STYLE}</style>`,
    `<div class="fp-intro"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p>`,
    `<div class="fp-intro-actions"><a href="/signup/${area}">${escapeHtml(intro.signUp)}</a></div></div>`,
  ].join('');
}

/**
 * The landing page (`/`) as plain markup, for the server to put in `#root` before any script runs (decision 0120):
 * the build writes it once per language (`apps/web/build/first-paint.plugin.ts`), the server sends the one of the
 * visitor's language. It mirrors `pages/landing.page.tsx` with the same Mantine sizes, so when React replaces it
 * the text keeps its size and place: the browser's largest paint (the hero's lead) stays this early one.
 * No imports but plain modules: the build reads it outside the bundler's browser graph. Change both together.
 */
import { systemFonts } from '../../lib/system-fonts';
import { escapeHtml } from '../../lib/html-text';

/** The messages it shows (`landing.*` and `app.*` of `lib/i18n`). */
export interface LandingMessages {
  app: { name: string; tagline: string };
  landing: {
    title: string;
    lead: string;
    choose: string;
    streamerTitle: string;
    streamerBody: string;
    streamerCta: string;
    audienceTitle: string;
    audienceBody: string;
    audienceCta: string;
  };
}

// Literal theme colours: the theme's own CSS variables (hanabi, spark, dimmed) are written by MantineProvider,
// which has not run yet. Values from `app/theme.ts` (primary shade 7, dimmed = gray.7).
const STYLE = [
  `.fp-landing{display:flex;flex-direction:column;gap:var(--mantine-spacing-xl);font-family:${systemFonts}}`,
  `.fp-landing h1,.fp-landing h2,.fp-landing h3{font-family:${systemFonts};font-weight:700;margin:0}`,
  '.fp-landing p{margin:0}',
  '.fp-hero{padding:var(--mantine-spacing-lg)}',
  '@media (min-width:48em){.fp-hero{padding:var(--mantine-spacing-xl)}}',
  '.fp-hero h1{font-size:var(--mantine-h1-font-size);line-height:var(--mantine-h1-line-height);',
  'margin-bottom:var(--mantine-spacing-sm)}',
  '.fp-lead{font-size:var(--mantine-font-size-lg);line-height:var(--mantine-line-height-lg);',
  'max-width:calc(45rem * var(--mantine-scale))}',
  '.fp-landing h2{font-size:var(--mantine-h3-font-size);line-height:var(--mantine-h3-line-height)}',
  '.fp-choices{display:grid;grid-template-columns:1fr;gap:var(--mantine-spacing-lg)}',
  '@media (min-width:48em){.fp-choices{grid-template-columns:1fr 1fr}}',
  '.fp-choice{display:flex;flex-direction:column;gap:var(--mantine-spacing-sm);padding:var(--mantine-spacing-lg);',
  'border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-md);',
  'background:var(--mantine-color-body);line-height:var(--mantine-line-height)}',
  '.fp-choice h3{font-size:var(--mantine-h4-font-size);line-height:var(--mantine-h4-line-height)}',
  '.fp-choice p{color:#495057;flex-grow:1;font-size:var(--mantine-font-size-md)}',
  '.fp-icon{width:36px;height:36px}',
  '.fp-button{display:flex;align-items:center;justify-content:center;height:36px;padding:0 18px;',
  'border-radius:var(--mantine-radius-md);font-size:var(--mantine-font-size-sm);font-weight:600;',
  'text-decoration:none;border:1px solid #c92a52;background:#c92a52;color:#fff}',
  '.fp-button-outline{background:transparent;color:#c92a52}',
].join('');

function choice(title: string, body: string, cta: string, href: string, outline: boolean): string {
  return [
    '<div class="fp-choice"><div class="fp-icon"></div>',
    `<h3>${escapeHtml(title)}</h3><p>${escapeHtml(body)}</p>`,
    `<a class="fp-button${outline ? ' fp-button-outline' : ''}" href="${href}">${escapeHtml(cta)}</a></div>`,
  ].join('');
}

/** The markup of the landing page's first screen in one language (goes inside the server's first-paint frame). */
export function landingFirstPaint(messages: LandingMessages): string {
  const { landing } = messages;
  return [
    `<style>${STYLE}</style>`,
    '<div class="fp-landing">',
    `<div class="landing-hero fp-hero"><h1>${escapeHtml(landing.title)}</h1>`,
    `<p class="fp-lead">${escapeHtml(landing.lead)}</p></div>`,
    `<h2>${escapeHtml(landing.choose)}</h2>`,
    '<div class="fp-choices">',
    choice(landing.streamerTitle, landing.streamerBody, landing.streamerCta, '/streamer', false),
    choice(landing.audienceTitle, landing.audienceBody, landing.audienceCta, '/audience', true),
    '</div></div>',
  ].join('');
}

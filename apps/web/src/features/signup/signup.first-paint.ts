/**
 * The sign-in step (`pages/signup.page.tsx`: title and lead) as plain markup, for the server to put in `#root`
 * before any script runs when a signed-out visitor opens a page that leads there — a streamer page opened from
 * chat (decision 0120). The build writes it per language and lead (`apps/web/build/first-paint.plugin.ts`). Same
 * Mantine sizes as the page, so React's title and lead replace it at the same size and place and the browser's
 * largest paint stays this early one. Only plain imports: the build reads it outside the browser bundle.
 */
import { systemFonts } from '../../app/system-fonts';
import type { UserType } from '@hanabi/api';

/** The messages it shows (`pages.signup.*`, `auth.lead.*` of `lib/i18n`). */
export interface SignupMessages {
  pages: { signup: { streamerTitle: string; audienceTitle: string } };
  auth: { lead: { withProviders: string; emailOnly: string } };
}

/** Which lead the page ends on: with Google/X offered by the server, or the e-mail link only. */
export type SignupLead = keyof SignupMessages['auth']['lead'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Stack maw 520, centred; PageTitle is an h1 at h2 size with margin-bottom lg; the lead is dimmed text pulled up
// 8 px. Dimmed is gray.7 (`app/theme.ts`), a theme variable MantineProvider has not written yet.
const STYLE = [
  `.fp-signup{width:100%;max-width:calc(32.5rem * var(--mantine-scale));margin:0 auto;font-family:${systemFonts}}`,
  `.fp-signup h1{font-family:${systemFonts};font-weight:700;font-size:var(--mantine-h2-font-size);`,
  'line-height:var(--mantine-h2-line-height);margin:0 0 var(--mantine-spacing-lg)}',
  '.fp-signup p{color:#495057;margin:calc(-0.5rem * var(--mantine-scale)) 0 0;',
  'font-size:var(--mantine-font-size-md);line-height:var(--mantine-line-height)}',
].join('');

/** The first screen of `/signup/{userType}` in one language (goes inside the server's first-paint frame). */
export function signupFirstPaint(messages: SignupMessages, userType: UserType, lead: SignupLead): string {
  const title =
    userType === 'streamer' ? messages.pages.signup.streamerTitle : messages.pages.signup.audienceTitle;
  return [
    `<style>${STYLE}</style>`,
    `<div class="fp-signup"><div><h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(messages.auth.lead[lead])}</p></div></div>`,
  ].join('');
}

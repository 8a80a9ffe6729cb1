/**
 * The sign-in step (`pages/signup.page.tsx`: title and lead) as plain markup, for the server to put in `#root`
 * before any script runs when a signed-out visitor opens a page that leads there — a streamer page opened from
 * chat (decision 0120). The build writes it per language and lead (`apps/web/build/first-paint.plugin.ts`). Same
 * Mantine sizes as the page, so React's title and lead replace it at the same size and place and the browser's
 * largest paint stays this early one. Only plain imports: the build reads it outside the browser bundle.
 */
import { systemFonts } from '../../lib/system-fonts';
import { escapeHtml } from '../../lib/html-text';
import type { UserType } from '@hanabi/api';

/** The messages it shows (`pages.signup.*`, `auth.*` of `lib/i18n`). */
export interface SignupMessages {
  pages: {
    signup: {
      streamerTitle: string;
      audienceTitle: string;
      terms: string;
      otherType: Record<UserType, string>;
    };
  };
  auth: {
    lead: { withProviders: string; emailOnly: string };
    termsNotice: string;
    email: { label: string; description: string; send: string };
    devMailbox: { hint: string; link: string };
  };
}

/** Which lead the page ends on: with Google/X offered by the server, or the e-mail link only. */
export type SignupLead = keyof SignupMessages['auth']['lead'];

/**
 * What the step shows below its lead: with Google/X, nothing more is drawn (their buttons depend on the server's
 * providers); with the e-mail link only, the whole card — and in embedded mode its dev-mailbox hint, which is
 * otherwise the page's largest text and, drawn late by React, its Largest Contentful Paint (decision 0192).
 */
export type SignupCard = 'none' | 'email' | 'emailWithDevMailbox';

// Stack maw 520, centred, gap lg; PageTitle is an h1 at h2 size with margin-bottom lg; the lead is dimmed text
// pulled up 8 px. Dimmed is gray.7 and the primary colour hanabi.7 (`app/theme.ts`), theme variables
// MantineProvider has not written yet. The card mirrors Mantine's Card (padding lg, border, radius md), Stack
// gaps md and sm, TextInput sm (label, description, input with its left section), Button sm, Alert light, Text
// sm and Anchor, with the same nesting, so line boxes come out the same height.
const DIMMED = '#495057';
const PRIMARY = '#c92a52';
const STYLE = [
  `.fp-signup{width:100%;max-width:calc(32.5rem * var(--mantine-scale));margin:0 auto;font-family:${systemFonts};`,
  'display:flex;flex-direction:column;gap:var(--mantine-spacing-lg)}',
  `.fp-signup h1{font-family:${systemFonts};font-weight:700;font-size:var(--mantine-h2-font-size);`,
  'line-height:var(--mantine-h2-line-height);margin:0 0 var(--mantine-spacing-lg)}',
  `.fp-signup .fp-lead{color:${DIMMED};margin:calc(-0.5rem * var(--mantine-scale)) 0 0;`,
  'font-size:var(--mantine-font-size-md);line-height:var(--mantine-line-height)}',
  '.fp-signin{display:flex;flex-direction:column;padding:var(--mantine-spacing-lg);',
  'border:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-3);',
  'border-radius:var(--mantine-radius-md);background:var(--mantine-color-body)}',
  '.fp-stack{display:flex;flex-direction:column;gap:var(--mantine-spacing-md)}',
  '.fp-stack-sm{display:flex;flex-direction:column;gap:var(--mantine-spacing-sm)}',
  '.fp-field{line-height:var(--mantine-line-height)}',
  '.fp-label{display:inline-block;font-weight:600;font-size:var(--mantine-font-size-sm)}',
  '.fp-req{color:var(--mantine-color-error)}',
  `.fp-desc{display:block;margin:0;line-height:1.2;color:${DIMMED};`,
  'font-size:calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))}',
  '.fp-input{position:relative;box-sizing:border-box;display:flex;align-items:center;',
  'margin-top:calc(var(--mantine-spacing-xs) / 2);height:calc(2.25rem * var(--mantine-scale));',
  'padding:0 calc(0.75rem * var(--mantine-scale)) 0 calc(2.125rem * var(--mantine-scale));',
  'border:calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-4);',
  'border-radius:var(--mantine-radius-md);background:var(--mantine-color-body);',
  'color:var(--mantine-color-placeholder);font-size:var(--mantine-font-size-sm)}',
  `.fp-input svg{position:absolute;left:calc(0.5rem * var(--mantine-scale));color:${DIMMED}}`,
  '.fp-submit{box-sizing:border-box;display:flex;align-items:center;justify-content:center;white-space:nowrap;',
  'height:calc(2.25rem * var(--mantine-scale));padding:0 calc(1.125rem * var(--mantine-scale));',
  `border:calc(0.0625rem * var(--mantine-scale)) solid transparent;border-radius:var(--mantine-radius-md);`,
  `background:${PRIMARY};color:var(--mantine-color-white);font-size:var(--mantine-font-size-sm);`,
  'font-weight:600;line-height:1}',
  '.fp-hint{display:flex;padding:var(--mantine-spacing-md);border-radius:var(--mantine-radius-md);',
  'border:calc(0.0625rem * var(--mantine-scale)) solid transparent;background:var(--mantine-color-blue-light)}',
  '.fp-hint svg{flex-shrink:0;margin:1px var(--mantine-spacing-md) 0 0;color:var(--mantine-color-blue-light-color)}',
  '.fp-small{margin:0;font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm)}',
  '.fp-hint p{flex:1}.fp-hint u{font-weight:700}',
  `.fp-muted{color:${DIMMED}}`,
  `.fp-signup .fp-link{color:${PRIMARY}}`,
  '.fp-other{display:flex;gap:var(--mantine-spacing-lg);line-height:var(--mantine-line-height)}',
].join('');

// The icons of the card (Tabler's mail and inbox, as `@tabler/icons-react` draws them).
const ICON_ATTRS =
  'xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const MAIL_ICON =
  `<svg ${ICON_ATTRS} width="18" height="18"><path d="M3 7a2 2 0 0 1 2 -2h14a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-10"/>` +
  '<path d="M3 7l9 6l9 -6"/></svg>';
const INBOX_ICON =
  `<svg ${ICON_ATTRS} width="20" height="20"><path d="M4 6a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12"/>` +
  '<path d="M4 13h3l3 3h4l3 -3h3"/></svg>';

/** The card of the e-mail sign-in (`EmailLinkForm`, `DevMailboxHint`), the terms notice and the other-type link. */
function emailCard(messages: SignupMessages, userType: UserType, devMailbox: boolean): string {
  const { auth, pages } = messages;
  const hint = devMailbox
    ? `<div class="fp-hint">${INBOX_ICON}<p class="fp-small">${escapeHtml(auth.devMailbox.hint)} ` +
      `<u>${escapeHtml(auth.devMailbox.link)}</u></p></div>`
    : '';
  return [
    '<div class="fp-signin"><div class="fp-stack"><div><div class="fp-stack-sm">',
    `<div class="fp-field"><span class="fp-label">${escapeHtml(auth.email.label)}<span class="fp-req"> *</span></span>`,
    `<p class="fp-desc">${escapeHtml(auth.email.description)}</p>`,
    `<div class="fp-input">${MAIL_ICON}you@example.com</div></div>`,
    `<div class="fp-submit">${escapeHtml(auth.email.send)}</div><div></div></div></div>${hint}</div></div>`,
    `<p class="fp-small fp-muted">${escapeHtml(auth.termsNotice)} <u class="fp-link">${escapeHtml(pages.signup.terms)}</u></p>`,
    `<div class="fp-other"><span class="fp-link">${escapeHtml(pages.signup.otherType[userType])}</span></div>`,
  ].join('');
}

/** The first screen of `/signup/{userType}` in one language (goes inside the server's first-paint frame). */
export function signupFirstPaint(
  messages: SignupMessages,
  userType: UserType,
  lead: SignupLead,
  card: SignupCard = 'none',
): string {
  const title =
    userType === 'streamer' ? messages.pages.signup.streamerTitle : messages.pages.signup.audienceTitle;
  return [
    `<style>${STYLE}</style>`,
    `<div class="fp-signup"><div><h1>${escapeHtml(title)}</h1>`,
    `<p class="fp-lead">${escapeHtml(messages.auth.lead[lead])}</p></div>`,
    card === 'none' ? '' : emailCard(messages, userType, card === 'emailWithDevMailbox'),
    '</div>',
  ].join('');
}

/**
 * The draw proof page (`/draw/{id}`) as plain markup, for the server to put in `#root` before any script runs
 * (decision 0194). Unlike the static pages' paints it depends on the draw, so the build bundles this module with
 * the page's messages into `dist/.first-paint/draw-proof.mjs` (`apps/web/build/first-paint.plugin.ts`) and the
 * server calls it with the same public read the API answers with. It mirrors `pages/draw-proof.page.tsx` with the
 * same Mantine sizes and nesting, so React's page replaces it at the same size and place: the browser's largest
 * paint (a value block, or the verify command) stays this early one and nothing shifts. Every text of the draw is
 * the streamer's or the chat's: all of it goes through `escapeHtml`. No imports but plain modules (the build bundles
 * it for Node). Change both together.
 */
import type { PublicDraw } from '@hanabi/api';
import { systemFonts } from '../../lib/system-fonts';
import { formatCount } from '../../lib/format';
import { escapeHtml } from '../../lib/html-text';
import {
  HISTORY_STATUS_TONE,
  drawHistoryText,
  historyStatusOf,
  withheldText,
  type HistoryEntryText,
  type HistoryStatus,
} from '../../lib/draw-history-text';
import { drawStatusTone } from './draw-status-tone';
import { freezeRuleText } from './freeze-rule-text';

/** A message group: texts, or groups of them. */
interface MessageGroup {
  [name: string]: string | MessageGroup;
}

/** The messages it shows (`drawProof.*`, `drawHistory.*` and `exclusion.*` of `lib/i18n`). */
export interface DrawProofMessages {
  drawHistory: MessageGroup;
  exclusion: MessageGroup;
  drawProof: {
    title: string;
    lead: string;
    status: Record<HistoryStatus, string>;
    waiting: string;
    failed: string;
    verifying: string;
    commitment: string;
    entrantsHash: string;
    beacon: string;
    winners: string;
    excluded: string;
    redraws: string;
    redrawOf: string;
    howTitle: string;
    howBody: string;
    /** Which comments count (decision 0204; `freeze-rule-text.ts`). */
    freeze: MessageGroup;
  };
}

// Mantine's sizes as the page uses them: PageTitle (h1 at h2 size, margin-bottom lg), Stack gap lg maw 960, Group
// gap xs, Text md/sm, Badge md/xs filled, Card withBorder padding md, Title order 2 at h4 size, Code block (padding
// xs, font xs) with an ActionIcon md (28 px) beside it, Alert light with its 20 px icon, Progress md (8 px). Theme
// colours are literals (MantineProvider has not written its variables yet): hanabi.7 is the primary colour.
const STYLE = [
  `.fp-draw{max-width:960px;display:flex;flex-direction:column;gap:var(--mantine-spacing-lg);font-family:${systemFonts}}`,
  `.fp-draw-title{font-family:${systemFonts};font-weight:700;font-size:var(--mantine-h2-font-size);`,
  'line-height:var(--mantine-h2-line-height);margin:0 0 var(--mantine-spacing-lg)}',
  '.fp-draw p{margin:0}',
  '.fp-draw-row{display:flex;flex-wrap:wrap;align-items:center;gap:var(--mantine-spacing-xs)}',
  '.fp-draw-md{font-size:var(--mantine-font-size-md);line-height:var(--mantine-line-height-md)}',
  '.fp-draw-sm{font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm)}',
  '.fp-draw-label{font-size:var(--mantine-font-size-sm);line-height:var(--mantine-line-height-sm);font-weight:600}',
  '.fp-draw-link{color:#c92a52;text-decoration:none}',
  '.fp-draw-badge{box-sizing:border-box;display:inline-grid;align-items:center;height:20px;padding:0 10px;',
  'font-size:11px;line-height:18px;font-weight:700;letter-spacing:0.25px;text-transform:uppercase;',
  'border:1px solid transparent;border-radius:1000px;color:#fff;overflow:hidden;white-space:nowrap}',
  '.fp-draw-badge-xs{height:16px;padding:0 6px;font-size:9px;line-height:14px}',
  '.fp-draw-card{display:flex;flex-direction:column;padding:var(--mantine-spacing-md);',
  'border:1px solid var(--mantine-color-gray-3);border-radius:var(--mantine-radius-md);',
  'background:var(--mantine-color-body);overflow:hidden}',
  '.fp-draw-stack{display:flex;flex-direction:column;gap:var(--mantine-spacing-sm)}',
  `.fp-draw h2{font-family:${systemFonts};font-weight:700;font-size:var(--mantine-h4-font-size);`,
  'line-height:var(--mantine-h4-line-height);margin:0 0 var(--mantine-spacing-xs)}',
  '.fp-draw-value{display:flex;flex-direction:column;gap:2px}',
  '.fp-draw-value>div{display:flex;flex-wrap:nowrap;align-items:flex-start;gap:4px}',
  '.fp-draw pre,.fp-draw code{font-family:var(--mantine-font-family-monospace);font-size:var(--mantine-font-size-xs);',
  'line-height:var(--mantine-line-height);border-radius:var(--mantine-radius-sm);background:var(--mantine-color-gray-0)}',
  '.fp-draw pre{flex:1;margin:0;padding:var(--mantine-spacing-xs);white-space:pre-wrap;overflow-wrap:anywhere;',
  'overflow:auto}',
  '.fp-draw code{padding:2px 5px}',
  '.fp-draw-icon{flex-shrink:0;display:flex;align-items:center;justify-content:center;width:28px;height:28px;',
  'color:#c92a52}',
  '.fp-draw ol{margin:0;padding-left:24px;display:flex;flex-direction:column;gap:4px}',
  '.fp-draw li .fp-draw-row{gap:6px}',
  '.fp-draw-alert{display:flex;padding:var(--mantine-spacing-md);border:1px solid transparent;',
  'border-radius:var(--mantine-radius-md);font-size:var(--mantine-font-size-sm)}',
  '.fp-draw-alert>span{flex-shrink:0;display:flex;width:20px;height:20px;margin:1px var(--mantine-spacing-md) 0 0}',
  '.fp-draw-alert>div{flex:1}',
  '.fp-draw-progress{height:8px;border-radius:var(--mantine-radius-md);background:#c92a52}',
  '.fp-draw-verifying{display:flex;flex-direction:column;gap:var(--mantine-spacing-xs)}',
  '.fp-draw-xs{font-size:var(--mantine-font-size-xs);line-height:var(--mantine-line-height-xs)}',
  '.fp-draw-dim{color:var(--mantine-color-dimmed)}',
  // Above `.fp-draw ol` and `.fp-draw li .fp-draw-row` (the winners card's list), as React's styles are.
  '.fp-draw ol.fp-draw-history{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;',
  'gap:var(--mantine-spacing-sm)}',
  '.fp-draw .fp-draw-history .fp-draw-row{gap:var(--mantine-spacing-xs)}',
  '.fp-draw .fp-draw-history ul{margin:4px 0 0;padding-left:20px;display:flex;flex-direction:column;gap:2px}',
  '.fp-draw-head{display:flex;flex-direction:column;gap:2px}',
  // `FreezeRule`: a card whose Stack (gap xs) holds the heading, the rule, the outcome and the chats behind.
  '.fp-draw-stack-xs{display:flex;flex-direction:column;gap:var(--mantine-spacing-xs)}',
  '.fp-draw .fp-draw-stack-xs>h2{margin:0}',
  '.fp-draw ul.fp-draw-behind{margin:0;padding-left:20px;display:flex;flex-direction:column;gap:2px}',
].join('');

/** Tabler's outline icons the page shows (copy, clock, alert triangle), as `@tabler/icons-react` draws them. */
const ICONS = {
  copy:
    '<path d="M7 9.667a2.667 2.667 0 0 1 2.667 -2.667h8.666a2.667 2.667 0 0 1 2.667 2.667v8.666a2.667 2.667 0 0 1 ' +
    '-2.667 2.667h-8.666a2.667 2.667 0 0 1 -2.667 -2.667l0 -8.666"/><path d="M4.012 16.737a2.005 2.005 0 0 1 ' +
    '-1.012 -1.737v-10c0 -1.1 .9 -2 2 -2h10c.75 0 1.158 .385 1.5 1"/>',
  clock: '<path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0"/><path d="M12 7v5l3 3"/>',
  alert:
    '<path d="M12 9v4"/><path d="M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 ' +
    '0 1.636 -2.87l-8.106 -13.536a1.914 1.914 0 0 0 -3.274 0"/><path d="M12 16h.01"/>',
};

function icon(name: keyof typeof ICONS, size: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" ` +
    `stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">` +
    `${ICONS[name]}</svg>`
  );
}

/** The app's `{{name}}` interpolation (unescaped there: React escapes), then escaped for HTML as a whole. */
function text(message: string, values: Record<string, string | number> = {}): string {
  return escapeHtml(
    message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole)),
  );
}

/** The page's badge colour (`drawStatusTone`, shared with it) as Mantine's CSS variable. */
function badgeColour(draw: PublicDraw): string {
  const tone = drawStatusTone(draw);
  return `var(--mantine-color-${tone.color}-${tone.shade})`;
}

/** `CopyableValue`: its label, the value in a code block, the copy button's place (no button: nothing works yet). */
function value(label: string, content: string): string {
  return [
    `<div class="fp-draw-value"><p class="fp-draw-label">${escapeHtml(label)}</p>`,
    `<div><pre>${escapeHtml(content)}</pre><span class="fp-draw-icon">${icon('copy', 16)}</span></div></div>`,
  ].join('');
}

function alert(kind: 'red' | 'blue', iconName: 'alert' | 'clock', message: string): string {
  const colours = `background:var(--mantine-color-${kind}-light);color:var(--mantine-color-${kind}-light-color)`;
  return `<div class="fp-draw-alert" style="${colours}"><span>${icon(iconName, 20)}</span><div>${message}</div></div>`;
}

function winners(draw: PublicDraw, messages: DrawProofMessages['drawProof']): string {
  if (draw.winners.length === 0) return '';
  const rows = draw.winners.map((winner) =>
    [
      '<li><div class="fp-draw-row">',
      `<p class="fp-draw-label"${winner.excluded ? ' style="text-decoration:line-through"' : ''}>`,
      `${escapeHtml(winner.displayName)}</p><code>${escapeHtml(winner.entrantKey)}</code>`,
      winner.excluded
        ? `<span class="fp-draw-badge fp-draw-badge-xs" style="background:var(--mantine-color-dark-5)">${escapeHtml(messages.excluded)}</span>`
        : '',
      '</div></li>',
    ].join(''),
  );
  return `<div class="fp-draw-card"><h2>${escapeHtml(messages.winners)}</h2><ol>${rows.join('')}</ol></div>`;
}

/**
 * The text at a dot path of the messages, with the app's `{{name}}` values and, with `count`, the language's plural
 * form as the app picks it (`key_one`, else `key_other`). Unescaped: `history` escapes.
 */
function lookup(
  messages: DrawProofMessages,
  key: string,
  values: Record<string, string | number> = {},
  locale = 'ja',
): string {
  const at = (path: string) => {
    let node: MessageGroup | string | undefined = messages as unknown as MessageGroup;
    for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  const count = values.count;
  const message =
    (typeof count === 'number'
      ? (at(`${key}_${new Intl.PluralRules(locale).select(count)}`) ?? at(`${key}_other`))
      : at(key)) ?? key;
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** `src/components/draw-history.tsx`'s `DrawHistory`, from the same texts (`drawHistoryText`). */
function history(draw: PublicDraw, messages: DrawProofMessages, locale: string): string {
  if (draw.history.length === 0) return '';
  const t = (key: string, values?: Record<string, string | number>) => lookup(messages, key, values, locale);
  const link = (id: string, label: string, size: string) =>
    `<a class="fp-draw-link ${size}" href="/draw/${escapeHtml(encodeURIComponent(id))}">${escapeHtml(label)}</a>`;
  const entry = (item: HistoryEntryText) =>
    [
      `<li><div class="fp-draw-head"><div class="fp-draw-row">`,
      item.id === draw.id
        ? `<p class="fp-draw-label">${escapeHtml(item.title)}</p>`
        : link(item.id, item.title, 'fp-draw-label'),
      `<span class="fp-draw-badge fp-draw-badge-xs" style="background:var(--mantine-color-${HISTORY_STATUS_TONE[item.status].color}-${HISTORY_STATUS_TONE[item.status].shade})">`,
      `${escapeHtml(item.statusLabel)}</span></div>`,
      `<p class="fp-draw-xs fp-draw-dim">${escapeHtml(item.meta)}</p>`,
      item.failure ? `<p class="fp-draw-sm">${escapeHtml(item.failure)}</p>` : '',
      item.replaces
        ? `<p class="fp-draw-sm">${escapeHtml(item.replaces.text)} ${link(item.replaces.drawId, item.replaces.label, 'fp-draw-sm')}</p>`
        : '',
      '</div>',
      item.winners.length > 0
        ? `<ul>${item.winners
            .map((winner) =>
              [
                `<li><p class="fp-draw-sm"${winner.excluded ? ' style="text-decoration:line-through"' : ''}>`,
                `${escapeHtml(winner.name)}</p>`,
                winner.exclusion ? `<p class="fp-draw-xs">${escapeHtml(winner.exclusion)}</p>` : '',
                winner.exclusion && winner.note
                  ? `<p class="fp-draw-xs fp-draw-dim" style="overflow-wrap:anywhere">${escapeHtml(winner.note)}</p>`
                  : '',
                winner.exclusion && winner.replacedBy
                  ? `<p class="fp-draw-xs">${escapeHtml(t('drawHistory.replacedBy'))} ` +
                    `${link(winner.replacedBy.drawId, winner.replacedBy.label, 'fp-draw-xs')}</p>`
                  : '',
                '</li>',
              ].join(''),
            )
            .join('')}</ul>`
        : '',
      '</li>',
    ].join('');
  return [
    `<section class="fp-draw-card" style="overflow-wrap:anywhere"><h2>${escapeHtml(t('drawHistory.title'))}</h2>`,
    `<p class="fp-draw-sm" style="margin-bottom:var(--mantine-spacing-xs)">${escapeHtml(t('drawHistory.lead'))}</p>`,
    `<ol class="fp-draw-history">${drawHistoryText(draw.history, t, locale).map(entry).join('')}</ol></section>`,
  ].join('');
}

/** `components/freeze-rule.tsx`'s `FreezeRule`, from the same texts (`freezeRuleText`). */
function freezeRule(draw: PublicDraw, messages: DrawProofMessages, locale: string): string {
  const words = freezeRuleText(draw, (key, values) => lookup(messages, key, values, locale), locale);
  if (!words) return '';
  return [
    `<section class="fp-draw-card"><div class="fp-draw-stack-xs"><h2>${escapeHtml(words.title)}</h2>`,
    words.rule ? `<p class="fp-draw-sm">${escapeHtml(words.rule)}</p>` : '',
    `<p class="fp-draw-sm">${escapeHtml(words.outcome)}</p>`,
    words.behind.length > 0
      ? `<ul class="fp-draw-behind">${words.behind.map((line) => `<li class="fp-draw-sm">${escapeHtml(line)}</li>`).join('')}</ul>`
      : '',
    '</div></section>',
  ].join('');
}

/** The first screen of `/draw/{id}` in one language (inside the server's first-paint frame). */
export function drawProofFirstPaint(
  messages: DrawProofMessages,
  draw: PublicDraw,
  { origin, locale }: { origin: string; locale: 'ja' | 'en' },
): string {
  const m = messages.drawProof;
  const link = (id: string, extra = '') =>
    `<a class="fp-draw-link${extra}" href="/draw/${escapeHtml(encodeURIComponent(id))}">${escapeHtml(id)}</a>`;
  const values = [
    value(m.commitment, draw.commitment),
    draw.entrantsHash ? value(m.entrantsHash, draw.entrantsHash) : '',
    draw.beacon
      ? value(text(m.beacon, { source: draw.beacon.source, round: draw.beacon.round }), draw.beacon.value)
      : '',
  ];
  const command = `npm run verify-draw -- ${origin}/draw/${encodeURIComponent(draw.id)}`;
  const count = formatCount(draw.entrantCount ?? 0);
  return [
    `<style>${STYLE}</style>`,
    `<div><h1 class="fp-draw-title">${escapeHtml(m.title)}</h1><div class="fp-draw">`,
    `<div class="fp-draw-row"><p class="fp-draw-md">`,
    text(m.lead, { streamer: draw.streamerName, campaign: draw.campaignTitle, round: draw.round }),
    `</p><span class="fp-draw-badge" style="background:${badgeColour(draw)};color:var(--mantine-color-${drawStatusTone(draw).text})">`,
    `${escapeHtml(m.status[historyStatusOf(draw)])}</span></div>`,
    draw.redrawOf ? `<p class="fp-draw-sm">${escapeHtml(m.redrawOf)} ${link(draw.redrawOf)}</p>` : '',
    draw.redraws.length > 0
      ? `<div class="fp-draw-row"><p class="fp-draw-sm">${escapeHtml(m.redraws)}:</p>${draw.redraws
          .map((id) => link(id, ' fp-draw-sm'))
          .join('')}</div>`
      : '',
    `<div class="fp-draw-card"><div class="fp-draw-stack">${values.join('')}</div></div>`,
    draw.status === 'failed'
      ? alert(
          'red',
          'alert',
          text(m.failed, { reason: lookup(messages, `drawHistory.failure.${draw.failureCode ?? 'other'}`) }),
        )
      : '',
    draw.withheld
      ? alert(
          'red',
          'alert',
          escapeHtml(withheldText(draw.withheld, (key, v) => lookup(messages, key, v, locale), locale)),
        )
      : draw.status === 'open' || draw.status === 'closed'
        ? alert('blue', 'clock', escapeHtml(m.waiting))
        : '',
    draw.status === 'revealed' ? winners(draw, m) : '',
    `<section class="fp-draw-card"><h2>${escapeHtml(m.howTitle)}</h2>`,
    `<p class="fp-draw-sm" style="margin-bottom:var(--mantine-spacing-xs)">${escapeHtml(m.howBody)}</p>`,
    `${value('verify-draw', command)}</section>`,
    history(draw, messages, locale),
    freezeRule(draw, messages, locale),
    // What the revealed page shows first below: its in-browser check under way.
    draw.status === 'revealed'
      ? `<div class="fp-draw-verifying"><p class="fp-draw-sm">${text(m.verifying, { n: count })}</p>` +
        '<div class="fp-draw-progress"></div></div>'
      : '',
    '</div></div>',
  ].join('');
}

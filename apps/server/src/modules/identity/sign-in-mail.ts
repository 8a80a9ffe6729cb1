import type { Locale } from '@hanabi/api';
import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';

const WORDS = {
  ja: {
    subject: 'Hanabi へのサインイン',
    open: 'Hanabi にサインインするには、次のリンクを開いてください。',
    press: 'Hanabi にサインインするには、次のボタンを押してください。',
    button: 'サインイン',
    once: (minutes: number) => `このリンクは ${minutes} 分間、1 回だけ使えます。`,
    notYou: 'このメールに心当たりがない場合は、何もせずに削除してください。',
  },
  en: {
    subject: 'Sign in to Hanabi',
    open: 'To sign in to Hanabi, open this link.',
    press: 'To sign in to Hanabi, press this button.',
    button: 'Sign in',
    once: (minutes: number) => `It works once, for ${minutes} minutes.`,
    notYou: 'If you did not ask to sign in, you can delete this e-mail.',
  },
} satisfies Record<Locale, unknown>;

/**
 * The e-mail carrying a sign-in link, in the language of the page it was asked from (decision 0220), as plain
 * text and the same content as simple HTML. The link is the first link in both.
 */
export function signInLinkMail(input: {
  to: string;
  url: string;
  ttlSeconds: number;
  locale: Locale;
}): MailMessage {
  const words = WORDS[input.locale];
  const minutes = Math.max(1, Math.round(input.ttlSeconds / 60));
  const text = [words.open, input.url, '', words.once(minutes), words.notYou, ''].join('\n');
  const href = escapeHtml(input.url);
  const html = `<!doctype html>
<html lang="${input.locale}">
<body style="font-family: sans-serif; line-height: 1.6; color: #222;">
<p>${escapeHtml(words.press)}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #e8590c; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(words.button)}</a></p>
<p>${escapeHtml(words.once(minutes))} ${escapeHtml(words.notYou)}</p>
<p style="font-size: 12px; color: #666;">${href}</p>
</body>
</html>
`;
  return { to: input.to, subject: words.subject, text, html };
}

import type { Locale } from '@hanabi/api';
import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';

const TEXT = {
  ja: {
    subject: (goods: string) => `Hanabi: 「${goods}」が届きました`,
    lines: (goods: string, amount: number) => [
      `おめでとうございます。賞品「${goods}」（${amount}個）があなたのウォレットに届きました。`,
      'コレクションで確認できます。',
    ],
    open: 'コレクションを開く',
    stop: 'このメールはアカウントページの「賞品のお知らせをメールでも受け取る」でオフにできます。',
  },
  en: {
    subject: (goods: string) => `Hanabi: “${goods}” has arrived`,
    lines: (goods: string, amount: number) => [
      `Congratulations! Your prize “${goods}” (×${amount}) has arrived in your wallet.`,
      'You can see it in your collection.',
    ],
    open: 'Open your collection',
    stop: 'You can turn these e-mails off on your account page ("Also e-mail me news of my prizes").',
  },
} satisfies Record<Locale, unknown>;

/** The e-mail twin of `prizeReceived`, in the winner's own language only (decision 0097). */
export function prizeReceivedMail(input: {
  to: string;
  locale: Locale;
  goodsName: string;
  amount: number;
  collectionUrl: string;
  accountUrl: string;
}): MailMessage {
  const text = TEXT[input.locale];
  const lines = text.lines(input.goodsName, input.amount);
  const href = escapeHtml(input.collectionUrl);
  return {
    to: input.to,
    subject: text.subject(input.goodsName),
    text: [...lines, '', input.collectionUrl, '', text.stop, input.accountUrl, ''].join('\n'),
    html: `<!doctype html>
<html lang="${input.locale}">
<body style="font-family: sans-serif; line-height: 1.6; color: #222;">
<p>${lines.map(escapeHtml).join('<br>')}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #e8590c; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(text.open)}</a></p>
<p style="font-size: 12px; color: #666;">${escapeHtml(text.stop)}<br><a href="${escapeHtml(input.accountUrl)}">${escapeHtml(input.accountUrl)}</a></p>
</body>
</html>
`,
  };
}

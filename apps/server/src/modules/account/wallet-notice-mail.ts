import type { Locale } from '@hanabi/api';
import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';

interface Change {
  first: boolean;
  previousAddress: string | null;
  newAddress: string | null;
  /** When held prizes follow (UTC, minutes), or null. */
  when: string | null;
  undoUrl: string;
  undoHours: number;
}

const WORDS = {
  ja: {
    subject: (first: boolean) =>
      first
        ? 'Hanabi: 賞品の受け取りアドレスを設定しました'
        : 'Hanabi: 賞品の受け取りアドレスが変更されました',
    lines: (c: Change) => [
      c.first
        ? 'あなたの Hanabi アカウントに、賞品を受け取るウォレットアドレスが設定されました。'
        : 'あなたの Hanabi アカウントで、賞品を受け取るウォレットアドレスが変更されました。',
      `変更前: ${c.previousAddress ?? 'なし'}`,
      `変更後: ${c.newAddress ?? 'なし'}`,
      c.when ? `保留中の賞品は ${c.when} (UTC) 以降に新しいアドレスへ送られます。` : '',
      '',
      'この変更に心当たりがない場合は、次のリンクを開くと元のアドレスに戻し、すべての端末からサインアウトします。',
      c.undoUrl,
      `このリンクは ${c.undoHours} 時間、1 回だけ使えます。`,
    ],
    undo: '元に戻す',
  },
  en: {
    subject: (first: boolean) =>
      first ? 'Hanabi: your prize address was set' : 'Hanabi: your prize address was changed',
    lines: (c: Change) => [
      c.first
        ? 'A wallet address for your Hanabi prizes was set.'
        : 'The wallet address your Hanabi prizes go to was changed.',
      `Before: ${c.previousAddress ?? 'none'}`,
      `After: ${c.newAddress ?? 'none'}`,
      c.when ? `Held prizes go to the new address from ${c.when} (UTC).` : '',
      '',
      'If this was not you, open this link: it restores the previous address and signs you out everywhere.',
      c.undoUrl,
      `It works once, for ${c.undoHours} hours.`,
    ],
    undo: 'Undo',
  },
} satisfies Record<Locale, unknown>;

/**
 * The notice sent when the address prizes go to changes (decision 0063): old and new address, when held prizes
 * follow, and the single-use undo link (the first link). In the account's language (decision 0220).
 */
export function walletChangedMail(input: {
  to: string;
  locale: Locale;
  /** The account's first address ever: it is "set"; replacing or clearing one is a "change". */
  first: boolean;
  previousAddress: string | null;
  newAddress: string | null;
  releaseAfter: Date | null;
  undoUrl: string;
  undoHours: number;
}): MailMessage {
  const words = WORDS[input.locale];
  const when = input.releaseAfter ? input.releaseAfter.toISOString().replace('T', ' ').slice(0, 16) : null;
  const lines = words.lines({ ...input, when });
  const text = [...lines, ''].filter((line, i, all) => line !== '' || all[i - 1] !== '').join('\n');
  const href = escapeHtml(input.undoUrl);
  const paragraph = lines
    .filter((line) => line !== '' && line !== input.undoUrl)
    .map(escapeHtml)
    .join('<br>');
  const html = `<!doctype html>
<html lang="${input.locale}">
<body style="font-family: sans-serif; line-height: 1.6; color: #222;">
<p>${paragraph}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #c92a2a; color: #fff; text-decoration: none; border-radius: 6px;">${escapeHtml(words.undo)}</a></p>
<p style="font-size: 12px; color: #666;">${href}</p>
</body>
</html>
`;
  return { to: input.to, subject: words.subject(input.first), text, html };
}

import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';

/**
 * The notice sent when the address prizes go to changes (decision 0063): old and new address, when held prizes
 * follow, and the single-use undo link (first link in both parts). Japanese first, English second.
 */
export function walletChangedMail(input: {
  to: string;
  /** The account's first address ever: it is "set"; replacing or clearing one is a "change". */
  first: boolean;
  previousAddress: string | null;
  newAddress: string | null;
  releaseAfter: Date | null;
  undoUrl: string;
  undoHours: number;
}): MailMessage {
  const none = { ja: 'なし', en: 'none' };
  const when = input.releaseAfter ? input.releaseAfter.toISOString().replace('T', ' ').slice(0, 16) : null;
  const first = input.first;
  const subject = first
    ? 'Hanabi: 賞品の受け取りアドレスを設定しました / Your prize address was set'
    : 'Hanabi: 賞品の受け取りアドレスが変更されました / Your prize address was changed';
  const jaLines = [
    first
      ? 'あなたの Hanabi アカウントに、賞品を受け取るウォレットアドレスが設定されました。'
      : 'あなたの Hanabi アカウントで、賞品を受け取るウォレットアドレスが変更されました。',
    `変更前: ${input.previousAddress ?? none.ja}`,
    `変更後: ${input.newAddress ?? none.ja}`,
    when ? `保留中の賞品は ${when} (UTC) 以降に新しいアドレスへ送られます。` : '',
    '',
    'この変更に心当たりがない場合は、次のリンクを開くと元のアドレスに戻し、すべての端末からサインアウトします。',
    input.undoUrl,
    `このリンクは ${input.undoHours} 時間、1 回だけ使えます。`,
  ];
  const enLines = [
    first
      ? 'A wallet address for your Hanabi prizes was set.'
      : 'The wallet address your Hanabi prizes go to was changed.',
    `Before: ${input.previousAddress ?? none.en}`,
    `After: ${input.newAddress ?? none.en}`,
    when ? `Held prizes go to the new address from ${when} (UTC).` : '',
    '',
    'If this was not you, open the link above: it restores the previous address and signs you out everywhere.',
    `It works once, for ${input.undoHours} hours.`,
  ];
  const text = [...jaLines, '', '----', '', ...enLines, '']
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n');
  const href = escapeHtml(input.undoUrl);
  const paragraph = (lines: string[], lang: string) =>
    `<p lang="${lang}">${lines
      .filter((line) => line !== '' && line !== input.undoUrl)
      .map(escapeHtml)
      .join('<br>')}</p>`;
  const html = `<!doctype html>
<html lang="ja">
<body style="font-family: sans-serif; line-height: 1.6; color: #222;">
${paragraph(jaLines, 'ja')}
<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #c92a2a; color: #fff; text-decoration: none; border-radius: 6px;">元に戻す / Undo</a></p>
<hr>
${paragraph(enLines, 'en')}
<p style="font-size: 12px; color: #666;">${href}</p>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}

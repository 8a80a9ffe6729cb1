import { escapeHtml, type MailMessage } from '../../adapters/mail/index.ts';

/**
 * The e-mail carrying a sign-in link: Japanese first, English second (docs/design.md §2.12), as plain text and
 * the same content as simple HTML. The link is the first link in both.
 */
export function signInLinkMail(input: { to: string; url: string; ttlSeconds: number }): MailMessage {
  const minutes = Math.max(1, Math.round(input.ttlSeconds / 60));
  const subject = 'Hanabi へのサインイン / Sign in to Hanabi';
  const text = [
    'Hanabi にサインインするには、次のリンクを開いてください。',
    input.url,
    '',
    `このリンクは ${minutes} 分間、1 回だけ使えます。`,
    'このメールに心当たりがない場合は、何もせずに削除してください。',
    '',
    '----',
    '',
    'To sign in to Hanabi, open the link above.',
    `It works once, for ${minutes} minutes.`,
    'If you did not ask to sign in, you can delete this e-mail.',
    '',
  ].join('\n');
  const href = escapeHtml(input.url);
  const html = `<!doctype html>
<html lang="ja">
<body style="font-family: sans-serif; line-height: 1.6; color: #222;">
<p>Hanabi にサインインするには、次のボタンを押してください。</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #e8590c; color: #fff; text-decoration: none; border-radius: 6px;">サインイン / Sign in</a></p>
<p>このリンクは ${minutes} 分間、1 回だけ使えます。このメールに心当たりがない場合は、何もせずに削除してください。</p>
<hr>
<p lang="en">To sign in to Hanabi, press the button above. It works once, for ${minutes} minutes. If you did not ask to sign in, you can delete this e-mail.</p>
<p style="font-size: 12px; color: #666;">${href}</p>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}

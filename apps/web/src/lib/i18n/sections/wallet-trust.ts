/**
 * Messages of the wallet proof, the returning-browser wallet step, the wallet undo page and the sign-in link
 * confirmation (decisions 0063–0065), in both languages (merged into ja.ts / en.ts at the top level).
 */
export const walletTrustJa = {
  walletTrust: {
    lead: {
      audience:
        '{{name}} さん、当選したデジタルグッズはウォレットに届きます。続ける前に、ウォレットを作成するか、お持ちのウォレットを接続してください。',
      streamer:
        '{{name}} さん、配信者としてデジタルグッズを発行・配布するアカウントのウォレットです。作成するか、お持ちのウォレットを接続してください。',
      operator:
        '{{name}} さん、運営アカウントのウォレットです。作成するか、お持ちのウォレットを接続してください。',
    },
    returning: {
      title: 'このブラウザではまだウォレットを使っていません',
      lead: {
        audience: 'このアカウントには、賞品を受け取るウォレットのアドレスが登録されています。',
        streamer: 'このアカウントには、配信者としてのウォレットのアドレスが登録されています。',
        operator: 'このアカウントには、運営用のウォレットのアドレスが登録されています。',
      },
      address: '登録済みのアドレス',
      continueTitle: 'このまま続ける',
      continueBody: {
        audience:
          'アドレスはそのまま。賞品は今までどおりこのアドレスに届きます。この端末で署名が必要になったら、リカバリーフレーズで復元できます。',
        streamer: 'アドレスはそのまま。この端末で署名が必要になったら、リカバリーフレーズで復元できます。',
        operator: 'アドレスはそのまま。この端末で署名が必要になったら、リカバリーフレーズで復元できます。',
      },
      continueAction: 'このまま続ける',
      restoreTitle: 'リカバリーフレーズで復元する',
      restoreBody: '控えた 12 個の単語から、同じアドレスのウォレットをこのブラウザに復元します。',
      restoreAction: '復元する',
      connectTitle: 'ウォレット拡張機能を接続する',
      connectBody: 'このアドレスを持つ MetaMask などの拡張機能を接続します。',
      connectAction: '拡張機能を接続する',
      replaceLink: '別のウォレットに切り替える…',
    },
    restore: {
      words: 'リカバリーフレーズ（12 個の単語をスペース区切りで）',
      mismatch:
        'この単語からできるアドレス（{{derived}}）は登録済みのアドレスと違います。単語と順番を確認してください。',
      invalid: 'リカバリーフレーズとして正しくありません。単語と順番を確認してください。',
      action: '復元してこのブラウザに保存する',
      done: 'ウォレットをこのブラウザに復元しました',
    },
    replace: {
      title: '受け取りアドレスを置き換えますか？',
      body: {
        audience:
          '今後の賞品は新しいアドレスに届きます。保留中の賞品は安全のため {{hours}} 時間後に新しいアドレスへ送られます。今のアドレスの資産はそのまま残り、Hanabi からは動かせません。登録メールアドレスに通知と「元に戻す」リンクが届きます。',
        streamer:
          'アカウントのウォレットが新しいアドレスに変わります。今のアドレスの資産はそのまま残り、Hanabi からは動かせません。登録メールアドレスに通知と「元に戻す」リンクが届きます。',
        operator:
          '運営アカウントのウォレットが新しいアドレスに変わります。今のアドレスの資産はそのまま残り、Hanabi からは動かせません。登録メールアドレスに通知と「元に戻す」リンクが届きます。',
      },
      confirm: '置き換える',
      mismatchTitle: '接続したウォレットは登録済みのアドレスと違います',
    },
    reauth: {
      title: '本人確認が必要です',
      body: 'ウォレットのアドレスを変更するには、もう一度サインインしてください（最近のサインインが必要です）。',
      sendLink: '{{email}} にサインインリンクを送る',
      sent: 'サインインリンクを送りました。開いてサインインしたら、もう一度変更してください。',
      signOutAgain: 'サインインし直す',
    },
    interrupted:
      '前回のウォレット作成は途中で終わりました。そのとき表示された単語は使われません。下の新しい単語を控えてください。',
    leaveWarning: 'ウォレットの作成が途中です。ページを離れると、表示中のリカバリーフレーズは使われません。',
    undo: {
      title: 'ウォレットの変更を元に戻す',
      lead: '賞品の受け取りアドレスを変更前に戻し、すべての端末からサインアウトします。',
      action: '元に戻す',
      done: '元に戻しました。受け取りアドレス: {{address}}。もう一度サインインしてください。',
      doneNone: '元に戻しました（アドレスは未登録の状態です）。もう一度サインインしてください。',
      missing: 'リンクが正しくありません。メールのリンクをそのまま開いてください。',
      signIn: 'サインインする',
    },
    linkCode: {
      title: '別の端末でリンクを開く場合',
      body: 'メールのリンクを別の端末で開いたときは、このコードを入力してください: ',
    },
    linkConfirm: {
      title: 'このリンクでサインインしますか？',
      lead: 'このリンクは {{email}} のアカウント用です。リンクを依頼したのとは別のブラウザで開かれました。',
      warning:
        '自分で依頼したリンクでなければ、ここで閉じてください。他人のリンクでサインインすると、その人のアカウントを操作することになります。',
      code: 'リンクを依頼したブラウザに表示されている 6 桁のコード',
      action: 'サインインする',
      invalid: 'このリンクは期限切れか使用済みです。もう一度サインインリンクを依頼してください。',
    },
  },
};

export const walletTrustEn: typeof walletTrustJa = {
  walletTrust: {
    lead: {
      audience:
        '{{name}}, the digital goods you win arrive in a wallet. Before you go on, create one or connect the wallet you have.',
      streamer:
        '{{name}}, this is the wallet of the account that issues and hands out your digital goods. Create one or connect the wallet you have.',
      operator:
        '{{name}}, this is the wallet of your operator account. Create one or connect the wallet you have.',
    },
    returning: {
      title: 'This browser does not have your wallet yet',
      lead: {
        audience: 'This account already has a wallet address that receives your prizes.',
        streamer: 'This account already has a wallet address for your streams.',
        operator: 'This account already has an operator wallet address.',
      },
      address: 'Registered address',
      continueTitle: 'Continue',
      continueBody: {
        audience:
          'The address stays, and prizes keep going to it. When this device needs to sign, restore the wallet with its recovery phrase.',
        streamer:
          'The address stays. When this device needs to sign, restore the wallet with its recovery phrase.',
        operator:
          'The address stays. When this device needs to sign, restore the wallet with its recovery phrase.',
      },
      continueAction: 'Continue',
      restoreTitle: 'Restore with the recovery phrase',
      restoreBody: 'Bring the same wallet to this browser from the 12 words you wrote down.',
      restoreAction: 'Restore',
      connectTitle: 'Connect an extension wallet',
      connectBody: 'Connect MetaMask or another extension that holds this address.',
      connectAction: 'Connect an extension',
      replaceLink: 'Switch to a different wallet…',
    },
    restore: {
      words: 'Recovery phrase (12 words separated by spaces)',
      mismatch:
        'These words give the address {{derived}}, not the registered one. Check the words and their order.',
      invalid: 'This is not a valid recovery phrase. Check the words and their order.',
      action: 'Restore and keep in this browser',
      done: 'Your wallet is restored in this browser',
    },
    replace: {
      title: 'Replace the address prizes go to?',
      body: {
        audience:
          'Future prizes go to the new address. For your safety, held prizes follow it after {{hours}} hours. What the current address holds stays there; Hanabi cannot move it. A notice with an undo link goes to your sign-in e-mail.',
        streamer:
          'Your account wallet becomes the new address. What the current address holds stays there; Hanabi cannot move it. A notice with an undo link goes to your sign-in e-mail.',
        operator:
          'Your operator wallet becomes the new address. What the current address holds stays there; Hanabi cannot move it. A notice with an undo link goes to your sign-in e-mail.',
      },
      confirm: 'Replace',
      mismatchTitle: 'The connected wallet is not the registered address',
    },
    reauth: {
      title: 'Confirm it’s you',
      body: 'To change the wallet address, sign in again first (a recent sign-in is needed).',
      sendLink: 'Send a sign-in link to {{email}}',
      sent: 'Sign-in link sent. Open it, sign in, then make the change again.',
      signOutAgain: 'Sign in again',
    },
    interrupted:
      'Your last wallet setup was interrupted. The words shown then are not used: write down the new ones below.',
    leaveWarning: 'Your wallet setup is not finished. If you leave, the recovery phrase shown is not used.',
    undo: {
      title: 'Undo a wallet change',
      lead: 'Put back the address your prizes went to before, and sign out on every device.',
      action: 'Undo',
      done: 'Undone. Prizes go to {{address}}. Please sign in again.',
      doneNone: 'Undone (no address is registered now). Please sign in again.',
      missing: 'This link is not complete. Open the link from the e-mail as it is.',
      signIn: 'Sign in',
    },
    linkCode: {
      title: 'Opening the link on another device?',
      body: 'If you open the e-mailed link on another device, type this code there: ',
    },
    linkConfirm: {
      title: 'Sign in with this link?',
      lead: 'This link is for the account {{email}}. It was opened in a different browser from the one that asked for it.',
      warning:
        'If you did not ask for this link yourself, close this page. Signing in with someone else’s link puts you in their account.',
      code: 'The 6-digit code shown in the browser that asked for the link',
      action: 'Sign in',
      invalid: 'This link has expired or was used. Ask for a new sign-in link.',
    },
  },
};

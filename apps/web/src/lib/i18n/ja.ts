/**
 * Japanese messages — the default locale and the source of the key set.
 * `en.ts` must have exactly the same keys (checked by the compiler and by `i18n.test.ts`).
 */
export const ja = {
  app: {
    name: 'Hanabi',
    tagline: 'ライブ配信のプレゼントキャンペーン',
    skipToContent: 'メインコンテンツへ移動',
    homeLink: 'Hanabi トップページ',
  },
  area: {
    streamer: '配信者',
    audience: '視聴者',
    operator: '運営',
    signup: '登録・ログイン',
  },
  menu: {
    label: 'メニュー',
    open: 'メニューを開く',
    close: 'メニューを閉じる',
    streamer: {
      home: 'ホーム',
      campaign: 'キャンペーン',
      'manual-distribution': '手動配布',
      digitalgoods: 'デジタルグッズ',
      account: 'アカウント',
    },
    audience: {
      home: 'ホーム',
      collection: 'コレクション',
      campaign: 'キャンペーン',
      streamer: '配信者',
      account: 'アカウント',
    },
    operator: {
      dashboard: 'ダッシュボード',
      users: 'ユーザー',
      tokens: 'トークン',
      ipfs: 'IPFS',
      deliveries: '配布キュー',
      news: 'お知らせ',
    },
  },
  header: {
    language: '言語を切り替える',
    signIn: 'ログイン',
    signOut: 'ログアウト',
    accountMenu: 'アカウントメニュー',
    myHome: 'マイホーム',
    myAccount: 'アカウント設定',
    operatorArea: '運営画面',
  },
  languages: {
    ja: '日本語',
    en: 'English',
  },
  session: {
    loading: '読み込み中…',
  },
  toast: {
    success: '更新しました',
    error: 'エラーが発生しました。再度ログインしてください。',
  },
  unsaved: {
    title: '確認',
    message: '保存されていないデータがあります。ページを離れますか？',
    leave: 'ページを離れる',
    stay: 'このページに留まる',
  },
  errors: {
    network: '問題が発生しました。しばらくしてからもう一度お試しください。',
    notRetrieved: '取得できませんでした',
    routeTitle: '画面を表示できませんでした',
    routeBody: '読み込み中に問題が発生しました。ページを再読み込みしてください。',
    reload: '再読み込み',
  },
  notFound: {
    title: 'ページが見つかりません',
    body: 'お探しのページは移動または削除されたか、URL が間違っている可能性があります。',
    home: 'トップページへ',
  },
  landing: {
    title: 'Hanabi へようこそ',
    lead: '配信者はライブ配信でプレゼントキャンペーンを開き、視聴者はチャットへのコメントで参加します。当選者は誰でも検証できる方法で選ばれ、デジタルグッズが届きます。',
    choose: 'ご利用の立場を選んでください',
    streamerTitle: '配信者の方',
    streamerBody:
      'キャンペーンを作成し、YouTube Live や ツイキャス の配信中に当選者を抽選して、デジタルグッズを配布します。',
    streamerCta: '配信者ページへ',
    audienceTitle: '視聴者の方',
    audienceBody:
      '配信のチャットにコメントしてキャンペーンに参加し、当選したデジタルグッズをコレクションできます。',
    audienceCta: '視聴者ページへ',
  },
  intro: {
    streamerTitle: '配信者として Hanabi を使う',
    streamerBody:
      'デジタルグッズを作り、キャンペーンを用意して、ライブ配信のコメントから当選者を抽選します。賞品は当選者一人ひとりに一度だけ確実に届きます。',
    audienceTitle: '視聴者として Hanabi を使う',
    audienceBody:
      '好きな配信者をフォローし、気になるキャンペーンをウォッチリストに追加しましょう。配信のチャットにコメントして当選すると、デジタルグッズがコレクションに届きます。',
    signUp: '新規登録・ログイン',
    goHome: 'ホームへ進む',
    signedInAs: '{{name}} さんとしてログインしています。',
  },
  areaAccess: {
    wrongTypeTitle: 'このページは{{area}}向けです',
    wrongTypeBody: 'ログイン中のアカウントは{{type}}として登録されています。',
    operatorOnlyTitle: '運営者専用のページです',
    operatorOnlyBody: 'このページは運営者の権限を持つアカウントだけが利用できます。',
    goHome: '自分のホームへ',
  },
  pages: {
    streamerHome: {
      title: 'ホーム',
      empty: 'ここにあなたのキャンペーン、ライブ配信、お知らせが表示されます。',
      next: 'キャンペーンを作成する',
    },
    campaignEditor: {
      title: 'キャンペーン',
      empty:
        'ここにあなたのキャンペーンの一覧と、新しいキャンペーンの作成画面（賞品、参加条件、抽選方法）が表示されます。',
      next: 'まずデジタルグッズを用意する',
    },
    campaignEdit: {
      title: 'キャンペーンの編集',
      empty: 'ここにキャンペーン（ID: {{id}}）の編集画面が表示されます。',
      next: 'キャンペーン一覧へ戻る',
    },
    manualDistribution: {
      title: '手動配布',
      empty: 'ここでデジタルグッズを選び、配布先のリストへまとめて配布できるようになります。',
      next: 'デジタルグッズを見る',
    },
    digitalGoods: {
      title: 'デジタルグッズ',
      empty: 'ここにあなたのデジタルグッズの一覧と、賞品画像を作るエディタが表示されます。',
    },
    liveStreaming: {
      title: 'ライブ配信',
      empty: 'ここにキャンペーン（ID: {{id}}）のライブ配信のコメント、参加者、抽選結果が表示されます。',
      next: 'キャンペーン一覧へ戻る',
    },
    account: {
      title: 'アカウント',
      avatarAlt: '{{name}} さんのアイコン',
    },
    audienceHome: {
      title: 'ホーム',
      empty: 'ここにお知らせと、フォロー中の配信者のキャンペーンが表示されます。',
      next: 'キャンペーンを探す',
    },
    myCollection: {
      title: 'コレクション',
      empty: 'キャンペーンで当選したデジタルグッズがここに並びます。',
      next: 'キャンペーンを探す',
    },
    campaignList: {
      title: 'キャンペーン',
      empty: 'ここに開催中・予定のキャンペーンと、あなたのウォッチリストが表示されます。',
    },
    streamerList: {
      title: '配信者',
      empty: 'ここに配信者の一覧と、フォロー中の配信者が表示されます。',
    },
    collectionDetail: {
      title: 'コレクション',
      empty: 'ここにコレクション（ID: {{id}}）の詳細が表示されます。',
    },
    campaignDetail: {
      title: 'キャンペーン',
      empty: 'ここにキャンペーン（ID: {{id}}）の詳細（賞品、参加方法、期間、当選者）が表示されます。',
    },
    drawProof: {
      title: '抽選の検証',
      empty:
        'ここに抽選（ID: {{id}}）の証明（コミットメント、参加者一覧、ビーコン、シード、当選者）が表示され、ブラウザ上で抽選を再計算できるようになります。',
    },
    signup: {
      streamerTitle: '配信者として登録・ログイン',
      audienceTitle: '視聴者として登録・ログイン',
      otherType: {
        streamer: '視聴者の方はこちら',
        audience: '配信者の方はこちら',
      },
      terms: '利用規約',
    },
    terms: {
      title: '利用規約',
      empty: '利用規約はこのページで公開されます。',
    },
    operatorDashboard: {
      title: 'ダッシュボード',
      empty: 'ここにユーザー数、キャンペーン、参加から配布までの推移などの分析が表示されます。',
    },
    operatorUsers: {
      title: 'ユーザー',
      empty: 'ここに登録ユーザーの一覧が表示されます。',
    },
    operatorTokens: {
      title: 'トークン',
      empty: 'ここでトークンの発行、移転、承認、焼却、トークン URI の管理ができるようになります。',
    },
    operatorIpfs: {
      title: 'IPFS',
      empty: 'ここで IPFS へのアセットのアップロードと確認ができるようになります。',
    },
    operatorDeliveries: {
      title: '配布キュー',
      empty: 'ここにデジタルグッズの配布状況（待機中、送信済み、完了、失敗）が表示されます。',
    },
    operatorNews: {
      title: 'お知らせ',
      empty: 'ここでお知らせの作成と公開ができるようになります。',
    },
  },
  common: {
    close: '閉じる',
    cancel: 'キャンセル',
    back: '戻る',
    next: '次へ',
    retry: 'もう一度試す',
    copy: 'コピー',
    copied: 'コピーしました',
  },
  auth: {
    lead: {
      withProviders:
        'はじめての方も、登録済みの方も、こちらから続けられます。Google・X、またはメールに届くリンクでログインします。',
      emailOnly:
        'はじめての方も、登録済みの方も、こちらから続けられます。メールに届くリンクでログインします。',
    },
    or: 'または',
    termsNotice: '続けることで、次に同意したものとみなされます：',
    email: {
      formLabel: 'メールリンクでログイン',
      label: 'メールアドレス',
      description: 'ログイン用のリンクをお送りします。パスワードは不要です。',
      invalid: '正しいメールアドレスを入力してください。',
      rateLimited: '試行回数が多すぎます。1 分ほど待ってから、もう一度お試しください。',
      send: 'ログインリンクを送る',
      resend: 'リンクをもう一度送る',
      sentTitle: 'メールを送信しました',
      sentBody:
        '{{email}} にログイン用のリンクを送りました。このブラウザでリンクを開くと、ログインが完了します。リンクは一度だけ使え、しばらくすると無効になります。',
      failedTitle: 'リンクを送信できませんでした',
    },
    social: {
      google: 'Google で続ける',
      twitter: 'X（Twitter）で続ける',
    },
    devMailbox: {
      hint: '開発モードでは実際のメールは送信されません。リンクは開発用メールボックスで確認できます。',
      link: '開発用メールボックスを開く',
    },
    redirectErrors: {
      title: 'ログインできませんでした',
      invalidToken:
        'ログインリンクの有効期限が切れているか、すでに使われています。もう一度リンクを送信してください。',
      emailSignInNotLinked:
        'このメールアドレスのアカウントは Google または X でログインします。そちらでログインしてから、アカウント画面でメールリンクでのログインを有効にしてください。',
      cancelled: 'ログインがキャンセルされました。',
      noToken: 'ログイン情報を確認できませんでした。もう一度お試しください。',
      accountNotLinked:
        'このアカウントは別のログイン方法に結び付いています。登録済みの方法でログインしてください。',
      unknown: 'ログインを完了できませんでした（{{code}}）。もう一度お試しください。',
    },
    signedIn: {
      as: '{{name}} さん（{{type}}）としてログインしています。',
      otherType: 'このアカウントは{{type}}として登録されています。',
      goHome: 'ホームへ進む',
    },
    register: {
      title: 'アカウントの登録',
      lead: {
        streamer: 'ようこそ！配信者として Hanabi を使いはじめるために、表示名を決めてください。',
        audience: 'ようこそ！視聴者として Hanabi を使いはじめるために、表示名を決めてください。',
      },
      email: 'ログイン中のメールアドレス: {{email}}',
      nameDescription: 'ほかのユーザーに表示されます。あとからアカウント画面で変更できます。',
      failedTitle: '登録できませんでした',
      submit: '登録する',
    },
    otherType: {
      title: '{{registered}}として登録済みです',
      body: '{{name}} さんのアカウントは{{registered}}として登録されているため、{{wanted}}としては利用できません。1 つのアカウントはどちらか一方の種類だけで使えます。',
      hint: '{{wanted}}として使うには、ログアウトして別のメールアドレスやアカウントで登録してください。',
      goHome: '{{registered}}のホームへ',
      signOut: 'ログアウトする',
    },
    finish: {
      workingTitle: 'ログインしています',
      working: 'ログイン情報を確認しています…',
      failed: 'ログインを完了できませんでした。もう一度お試しください。',
      noUser:
        'ログインしたユーザーの情報が見つかりませんでした。リンクを開いたブラウザが、リンクを送信したブラウザと同じか確認して、もう一度お試しください。',
      errorTitle: 'ログインできませんでした',
      back: '登録・ログイン画面へ戻る',
    },
  },
  devMailbox: {
    title: '開発用メールボックス',
    lead: '開発モードでサーバーが「送信した」メールです（新しい順）。ログインリンクはここから開けます。',
    listLabel: '受信したメール',
    to: '宛先',
    openLink: 'ログインリンクを開く',
    more: '本文をすべて表示',
    less: '折りたたむ',
    refresh: '更新',
    clear: 'すべて削除',
    clearTitle: 'メールをすべて削除しますか？',
    clearBody: '開発用メールボックスのメールをすべて削除します。元に戻せません。',
    empty: 'まだメールはありません。登録・ログイン画面でリンクを送信すると、ここに届きます。',
    unavailable: '開発用メールボックスは開発モード（組み込みモード）でだけ利用できます。',
  },
  account: {
    role: {
      operator: '運営者',
      operatorHint: 'このアカウントには運営者の権限があります。',
    },
    profile: {
      title: 'プロフィール',
      name: '表示名',
      nameLength: '表示名は 1〜{{max}} 文字で入力してください。',
      bio: '自己紹介',
      bioDescription: '{{max}} 文字まで',
      bioLength: '自己紹介は {{max}} 文字以内で入力してください。',
      avatarUrl: 'アイコン画像の URL',
      avatarDescription: 'https:// で始まる URL、またはこのサイト内のパス（/ で始まる）',
      avatarInvalid: 'https:// で始まる URL か、/ で始まるパスを入力してください。',
      locale: '言語',
      localeDescription: 'お知らせやメールの言語です。',
      discard: '変更を取り消す',
      save: '保存する',
    },
    methods: {
      title: 'ログイン方法',
      method: '方法',
      linkedAt: '連携日',
      actions: '操作',
      providers: {
        google: 'Google',
        twitter: 'X（Twitter）',
        email: 'メールリンク',
      },
      unlink: '連携を解除',
      unlinkNamed: '{{provider}} の連携を解除',
      unlinkTitle: '{{provider}} の連携を解除しますか？',
      unlinkBody: '解除すると、この方法ではログインできなくなります。ほかのログイン方法は引き続き使えます。',
      lastMethod:
        'ログイン方法が 1 つだけのため、解除できません。別の方法を連携すると解除できるようになります。',
      email: 'メールアドレス: {{email}}',
      addTitle: 'ログイン方法を追加',
      link: {
        google: 'Google を連携する',
        twitter: 'X（Twitter）を連携する',
        email: 'メールリンクでのログインを有効にする',
      },
      allLinked: '利用できるログイン方法はすべて連携済みです',
      linkFailedTitle: '連携できませんでした',
      linkFailed: 'ログイン方法を連携できませんでした（{{code}}）。もう一度お試しください。',
    },
    session: {
      title: 'ログアウト',
      lead: 'この端末からログアウトします。「すべての端末からログアウト」を選ぶと、ほかの端末やブラウザのログインもすべて終了します。',
      everywhere: 'すべての端末からログアウト',
      everywhereTitle: 'すべての端末からログアウトしますか？',
      everywhereBody: 'この端末を含め、すべての端末・ブラウザでのログインが終了します。',
      everywhereFailed:
        'この端末からはログアウトしましたが、ほかの端末のログインを終了できたか確認できませんでした（{{message}}）。',
    },
  },
  wallet: {
    saved: 'ウォレットを登録しました',
    saving: 'ウォレットのアドレスを保存しています…',
    saveFailed: 'ウォレットを登録できませんでした',
    words: {
      label: 'リカバリーフレーズ（12 個の単語）',
    },
    step: {
      title: 'ウォレットを用意しましょう',
      lead: '{{name}} さん、当選したデジタルグッズはウォレットに届きます。続ける前に、ウォレットを作成するか、お持ちのウォレットを接続してください。',
      privacy:
        'Hanabi のサーバーに送られるのはウォレットのアドレスだけです。秘密鍵とリカバリーフレーズはこのブラウザから外に出ません。',
    },
    choice: {
      recommended: 'おすすめ',
      browserTitle: 'このブラウザでウォレットを作る',
      browserBody:
        'ウォレットをお持ちでない方向け。12 個の単語（リカバリーフレーズ）を控え、パスフレーズで暗号化してこの端末に保存します。',
      browserAction: 'ウォレットを作成する',
      injectedTitle: 'ウォレット拡張機能を使う',
      injectedBody: 'MetaMask などのブラウザ拡張機能のウォレットを接続し、そのアドレスを使います。',
      injectedAction: '拡張機能を接続する',
    },
    browser: {
      stepBackup: '控える',
      stepConfirm: '確認',
      stepPassphrase: 'パスフレーズ',
      backupLead:
        'これがあなたのウォレットのリカバリーフレーズです。この画面でしか表示されません。順番どおりに紙に書き写し、安全な場所に保管してください。',
      backupWarning:
        'この 12 個の単語を知っている人は、だれでもウォレットを操作できます。スクリーンショットやチャットで共有しないでください。Hanabi のスタッフが尋ねることもありません。',
      backupConfirm: '12 個の単語を順番どおりに書き写し、安全な場所に保管しました',
      confirmLead: '正しく控えられたか確認します。指定された番号の単語を入力してください。',
      wordLabel: '{{number}} 番目の単語',
      confirmFailed: '入力した単語がリカバリーフレーズと一致しません。控えを確認してください。',
      showWordsAgain: '単語をもう一度見る',
      passphraseLead:
        'ウォレットを暗号化するパスフレーズを決めてください。ウォレットのロック解除やリカバリーフレーズの表示に必要です。Hanabi はパスフレーズを復元できません。',
      encrypting: 'ウォレットを暗号化しています…（数秒かかります）',
      create: 'ウォレットを作成する',
    },
    passphrase: {
      label: 'パスフレーズ',
      description: '{{min}} 文字以上。忘れると、リカバリーフレーズでしか復元できません。',
      confirm: 'パスフレーズ（確認）',
      tooShort: 'パスフレーズは {{min}} 文字以上にしてください。',
      mismatch: 'パスフレーズが一致しません。',
      required: 'パスフレーズを入力してください。',
    },
    injected: {
      lead: 'このブラウザにインストールされているウォレット拡張機能を選んで接続してください。',
      searching: 'ウォレット拡張機能を探しています…',
      connectWith: '{{wallet}} を接続',
      searchAgain: 'もう一度探す',
      connected: '{{wallet}} に接続しました。このアドレスを使います。',
      rightNetwork: 'ネットワーク: {{network}}',
      wrongNetworkTitle: 'ネットワークを切り替えてください',
      wrongNetwork:
        'ウォレットは現在 {{current}} に接続しています。Hanabi は {{expected}} を使います。ネットワークを切り替えてください。',
      switch: '{{network}} に切り替える',
      chooseAnother: '別のウォレットを選ぶ',
      useAddress: 'このアドレスを使う',
      problems: {
        noWallet:
          'アカウントがありません。ウォレット拡張機能（MetaMask など）が見つかりませんでした。インストールしてから、もう一度お試しください。',
        noAccount:
          'ウォレット拡張機能にログインしてください。ロックを解除し、アカウントがあることを確認してから、もう一度お試しください。',
        pending:
          'ウォレット拡張機能で確認待ちのリクエストがあります。拡張機能を開いてログインし、操作を完了してください。',
        rejected: 'ウォレット拡張機能で接続が拒否されました。',
        switchUnsupported:
          'このウォレットではネットワークを切り替えられませんでした。拡張機能でネットワークを切り替えてください。',
        unknown: 'ウォレット拡張機能に接続できませんでした。',
      },
    },
    section: {
      title: 'ウォレット',
      address: 'ウォレットアドレス',
      copyAddress: 'ウォレットアドレスをコピー',
      none: 'まだウォレットがありません。',
      unknownHint:
        'このブラウザにはこのアドレスのウォレットが保存されていません（拡張機能のウォレットか、別の端末で作成したウォレットです）。',
    },
    kind: {
      browser: 'このブラウザのウォレット',
      injected: '拡張機能のウォレット（{{wallet}}）',
      unknown: '外部のウォレット',
    },
    unlock: {
      open: 'ロックを解除',
      title: 'ウォレットのロックを解除',
      lead: 'パスフレーズを入力すると、このブラウザに保存されたウォレットを復号し、アドレスと一致するか確認します。',
      submit: 'ロックを解除',
      working: '復号しています…',
      wrong: 'パスフレーズが違います。',
      damaged: '保存されたウォレットを読み取れませんでした。リカバリーフレーズからの復元が必要です。',
      success:
        'ロックを解除しました。パスフレーズは正しく、ウォレットはアドレス {{address}} と一致しています。',
    },
    export: {
      open: 'リカバリーフレーズを表示',
      title: 'リカバリーフレーズの表示',
      lead: 'リカバリーフレーズを表示するには、パスフレーズを入力してください。周りに人がいないことを確認してください。',
      submit: '表示する',
      warning:
        'この 12 個の単語を知っている人は、だれでもウォレットを操作できます。絶対にほかの人に教えないでください。',
      hide: '非表示にして閉じる',
    },
    replace: {
      open: 'ウォレットを作り直す',
      title: 'ウォレットを作り直しますか？',
      body: '新しいウォレットを作成（または接続）し、アカウントのアドレスを置き換えます。これまでのアドレスに届いたデジタルグッズは移動しません。以前のウォレットはこのブラウザに暗号化されたまま残ります。',
      confirm: '作り直す',
    },
  },
  externalRedirect: {
    title: '外部サイトへの移動',
    checking: '移動先を確認しています…',
    redirecting: '移動しています…',
    interstitialLead:
      'Hanabi の外にあるサイトへ移動しようとしています。移動先が信頼できる場合だけ進んでください。',
    target: '移動先',
    continue: 'このサイトへ進む',
    back: '戻る',
    refusedTitle: 'このリンクは開けません',
    refusedMissing: '移動先の URL が指定されていません。',
    refusedInvalid: '移動先の URL を読み取れませんでした。',
    refusedScheme: 'http または https 以外の URL は安全のため開けません。',
  },
} satisfies MessageTree;

/** A nested object of message strings. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** Same nesting as the Japanese messages, with any string values. */
export type Messages = DeepStrings<typeof ja>;
type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

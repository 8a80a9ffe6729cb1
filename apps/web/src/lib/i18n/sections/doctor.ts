/**
 * Messages of the operator's system check (`/operator/system`, `npm run doctor`; decision 0225), in both languages.
 * The checks' findings come from the server in English, like a log line; titles, states and help are translated.
 */
export const doctorJa = {
  doctor: {
    title: 'システム診断',
    reportTitle: '外部システムの診断',
    intro:
      'このデプロイが使う外部システム（データベース、S3、IPFS、SMTP、チェーン、drand、配信プラットフォーム、ログイン）を、Hanabi が使うのと同じ方法で確かめます。コマンドラインでは npm run doctor で同じ結果が得られます。',
    run: 'もう一度診断する',
    running: '診断しています…（数秒かかります）',
    failed: '診断を実行できませんでした。',
    checkedAt: '{{time}} に診断（{{mode}}）',
    modes: { embedded: '組み込みモード', production: '本番モード' },
    allPassed: '必須の項目はすべて正常です。',
    someFailed: '必須の項目のうち {{count}} 件に問題があります。',
    required: '必須',
    optional: '任意',
    fix: '対処',
    status: { ok: '正常', fail: '異常', warn: '注意', skip: '対象外' },
    checks: {
      config: '設定',
      origin: '公開オリジン（PUBLIC_ORIGIN・TRUST_PROXY）',
      database: 'データベース',
      storage: 'ファイルストレージ（S3）',
      ipfs: 'IPFS',
      mail: 'メール（SMTP）',
      chain: 'チェーン・コントラクト・署名者',
      beacon: 'drand ビーコン',
      youtube: 'YouTube',
      twitcasting: 'TwitCasting',
      google: 'Google ログイン',
      x: 'X ログイン',
    },
  },
  signerFunds: {
    title: '署名者の残高',
    signer: '署名者 {{signer}}（チェーン ID {{chainId}}）',
    balance: '残高（チェーンの基軸通貨）',
    covers: 'いまのガス代（{{gwei}} gwei）で配布 約 {{deliveries}} 件、抽選の記録 約 {{draws}} 回分',
    freeGas: 'このチェーンはガス代がかかりません。',
    pace: '直近の消費は 1 日あたり {{perDay}}。このままだと {{when}} ごろに尽きます。',
    notSpending: '直近 1 週間、残高は減っていません。',
    paceUnknown: '消費の速さは、1 時間以上の記録がたまると表示されます（15 分ごとに記録）。',
    trend: '署名者の残高（直近 14 日）',
    note: '配布と抽選の記録は署名者がガス代を払います。残高が尽きると、賞品の配布が止まります。',
    open: 'システム診断で残高を見る',
    quotaTitle: '本日の YouTube API 割り当て',
    warnings: {
      soon: {
        title: '署名者の残高が 1 週間以内に尽きる見込みです',
        body: '直近の消費の速さでは {{when}} ごろに尽きます。署名者 {{signer}} に入金してください。',
      },
      low: {
        title: '署名者の残高が少なくなっています',
        body: '配布 1,000 件または抽選 50 回分を下回りました。署名者 {{signer}} に入金してください。',
      },
      empty: {
        title: '署名者の残高では配布 1 件も払えません',
        body: '賞品の配布が止まっています。署名者 {{signer}} に入金してください。',
      },
      unknown: {
        title: 'チェーンから残高を読めませんでした',
        body: 'CHAIN_RPC_URL のノードが応答していません。システム診断で確かめてください。',
      },
    },
  },
};

export const doctorEn: typeof doctorJa = {
  doctor: {
    title: 'System check',
    reportTitle: 'Outside systems',
    intro:
      'Checks every outside system this deployment uses (database, S3, IPFS, SMTP, chain, drand, live platforms, sign-in) the way Hanabi uses it. `npm run doctor` prints the same report on the command line.',
    run: 'Check again',
    running: 'Checking… (this takes a few seconds)',
    failed: 'The check could not run.',
    checkedAt: 'Checked at {{time}} ({{mode}})',
    modes: { embedded: 'embedded mode', production: 'production mode' },
    allPassed: 'Every required check passed.',
    someFailed: '{{count}} required check(s) failed.',
    required: 'Required',
    optional: 'Optional',
    fix: 'Fix',
    status: { ok: 'OK', fail: 'Failed', warn: 'Look', skip: 'Not used' },
    checks: {
      config: 'Configuration',
      origin: 'Public origin (PUBLIC_ORIGIN, TRUST_PROXY)',
      database: 'Database',
      storage: 'File storage (S3)',
      ipfs: 'IPFS',
      mail: 'Mail (SMTP)',
      chain: 'Chain, contracts and signer',
      beacon: 'drand beacon',
      youtube: 'YouTube',
      twitcasting: 'TwitCasting',
      google: 'Google sign-in',
      x: 'X sign-in',
    },
  },
  signerFunds: {
    title: "Signer's funds",
    signer: 'Signer {{signer}} (chain id {{chainId}})',
    balance: "Balance (the chain's native coin)",
    covers:
      'At today’s gas price ({{gwei}} gwei) it pays for ~{{deliveries}} deliveries or ~{{draws}} draw records',
    freeGas: 'Gas is free on this chain.',
    pace: 'Recent spending: {{perDay}} a day. At that pace it runs out around {{when}}.',
    notSpending: 'The balance has not gone down over the last week.',
    paceUnknown: 'The pace shows once there is over an hour of samples (taken every 15 minutes).',
    trend: "The signer's balance over the last 14 days",
    note: 'The signer pays the gas of every delivery and draw record. When it runs dry, prizes stop going out.',
    open: "See the signer's funds on the system page",
    quotaTitle: 'YouTube API quota today',
    warnings: {
      soon: {
        title: "The signer's balance runs out within a week",
        body: 'At the recent pace it runs out around {{when}}. Send funds to the signer {{signer}}.',
      },
      low: {
        title: "The signer's balance is low",
        body: 'It pays for under 1,000 deliveries or 50 draw records. Send funds to the signer {{signer}}.',
      },
      empty: {
        title: "The signer's balance cannot pay for one delivery",
        body: 'Prizes have stopped going out. Send funds to the signer {{signer}}.',
      },
      unknown: {
        title: 'The balance could not be read from the chain',
        body: 'The node at CHAIN_RPC_URL does not answer. Check it with the system check.',
      },
    },
  },
};

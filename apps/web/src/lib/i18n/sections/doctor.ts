/**
 * Messages of the operator's system check (`/operator/system`, `npm run doctor`; decision 0225), in both languages.
 * The checks' findings come from the server in English, like a log line; titles, states and help are translated.
 */
export const doctorJa = {
  doctor: {
    title: 'システム診断',
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
};

export const doctorEn: typeof doctorJa = {
  doctor: {
    title: 'System check',
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
};

/**
 * Messages of the draw proof page (`/draw/{id}`, and its server-drawn first paint), in both languages (merged into
 * ja.ts / en.ts at the top level). `problem` has one text per `BeaconProblem` code of `@hanabi/draw`, with its
 * parameters. Keep ja and en with the same keys; i18n.test.ts checks them.
 */
export const drawProofJa = {
  drawProof: {
    entrantsSorted_one: '重複なし・並べ替え済みの {{count}} 件',
    entrantsSorted_other: '重複なし・並べ替え済みの {{count}} 件',
    entrantsNotSorted: '重複があるか、並べ替えられていません',
    title: '抽選の証明',
    lead: '{{streamer}} さんのキャンペーン「{{campaign}}」の第 {{round}} 回の抽選です。',
    notFound: 'この抽選は見つかりませんでした。',
    status: {
      open: '受付中',
      closed: '締切（ビーコン待ち）',
      revealed: '公開済み',
      failed: '失敗',
      withheld: '結果が未公開（期限切れ）',
    },
    waiting:
      '応募の締切後、公開の乱数（ビーコン）を待っています。結果が出るまでは、下のコミットメントだけが公開されています。',
    failed: 'この抽選は失敗しました：{{reason}}',
    verifying: '{{n}} 人の参加者で、ブラウザ内で抽選を再計算しています…',
    verified:
      '検証済み：この抽選は公開された値から正しく再計算でき、乱数は drand のもので、参加者・秘密値・ラウンドは乱数より前にチェーン上の公開記録で固定されていました。Hanabi も配信者も結果を選べませんでした。',
    practice:
      '練習用の抽選：公開された値から再計算はできますが、乱数が生まれる前にサーバーの外で抽選を固定したものがありません（サーバーが動かすチェーンのブロックハッシュか、公開記録を読めていない）。サーバーに対しては何も保証しません。',
    notVerified: '検証できません：公開された値と再計算の結果が一致しません。',
    verifyError: '証明を読み込めなかったため、検証できませんでした。',
    record: {
      title: '公開記録',
      lead: 'この抽選（記録 #{{number}}）は、乱数が生まれる前にチェーン {{chainId}} のブロック（{{time}}）に記録されました。参加者リスト、秘密値、ラウンドはそこで固定されています。',
      tx: 'トランザクション',
      registry: '記録コントラクト',
      rpc: '記録を読むチェーンの RPC',
      rpcUsed: '今は {{url}} から読んでいます。信頼できる別の RPC も指定できます。',
      rpcNone: 'このサーバーは RPC を公開していません。記録を確かめるには RPC を指定してください。',
      check: 'この RPC で確認',
      none: 'この抽選には、乱数より前に公開された記録がありません。',
      unread: '公開記録をまだ読めていないため、検証済みとは言えません。チェーンの RPC を指定してください。',
      missing:
        '乱数は drand のものですが、乱数より前に公開された記録がないため、サーバーが書き換えていないとは言えません。',
    },
    checks: '検証の項目',
    check: {
      algorithm: 'アルゴリズム',
      commitment: 'コミットメント（秘密値のハッシュ）',
      entrants: '参加者リスト（重複なし・整列済み）',
      entrantsHash: '参加者リストのハッシュ',
      beacon: 'ビーコン（drand の署名）',
      record: 'コミットメントの記録（チェーン上）',
      seed: 'シード',
      winners: '当選者',
    },
    beaconSigned: 'drand の署名が正しく、締切後の最初のラウンド',
    beaconVerified:
      'ビーコンを検証しました：drand {{chain}} のラウンド {{round}} の BLS 署名が drand の公開鍵で確認でき、そのラウンドは応募締切後の最初のラウンドです。',
    beaconPractice:
      'ビーコンは、このサーバーが動かすチェーン {{chainId}} のブロック {{round}} のハッシュです。署名がなく確かめようがないうえ、サーバーが選べた値です。',
    beaconFailed: 'ビーコンを検証できません：{{problem}}',
    field: { signature: '署名', previousSignature: '前のラウンドの署名' },
    problem: {
      'source-invalid':
        'ビーコンの出所「{{source}}」は、固定された drand チェーン（drand:<チェーンハッシュ>）でもチェーン（chain:<チェーン ID>）でもありません',
      'chain-unknown':
        'drand チェーン {{chainHash}} は、この検証が公開鍵を固定しているチェーンではありません',
      'round-invalid': 'ラウンド「{{round}}」はラウンド番号ではありません',
      'value-malformed': 'ラウンド {{round}} の値が 32 バイトの小文字 16 進数ではありません',
      'signature-missing': 'ラウンド {{round}} に署名がありません',
      'signature-malformed': 'ラウンド {{round}} の署名が、署名の長さの小文字 16 進数ではありません',
      'previous-signature-missing':
        'チェーン型の drand チェーンのラウンド {{round}} に、署名の対象である前のラウンドの署名がありません',
      'previous-signature-malformed':
        'ラウンド {{round}} の前のラウンドの署名が、署名の長さの小文字 16 進数ではありません',
      'field-unexpected': 'ラウンド {{round}} に、その出所にはない{{field}}が付いています',
      'signature-invalid': 'ラウンド {{round}} の署名が drand {{chain}} の公開鍵で確認できません',
      'value-mismatch': 'B がラウンド {{round}} の署名の SHA-256（{{expected}}）ではありません',
      'close-time-missing': 'ラウンドを照らし合わせる締切時刻がありません',
      'round-not-first':
        'ラウンド {{round}} は {{closedAt}} の締切後の最初のラウンドではありません（最初はラウンド {{first}}）',
      'round-before-close': 'ラウンド {{round}} は {{closedAt}} の締切より前に公開されています',
    },
    recordMatches: 'チェーン上のコミットメントの記録と一致',
    recordField: {
      drawId: '抽選 ID',
      commitment: 'コミットメント C',
      entrantsHash: '参加者リストのハッシュ H',
      closedAt: '締切時刻 T',
      beacon: 'ビーコン',
      beaconRound: 'ビーコンのラウンド',
    },
    recordProblem: {
      'field-mismatch': '{{field}}が、証明では {{published}}、チェーン上では {{recorded}} です',
      'chain-other': '記録が drand チェーン {{recorded}} を指していて、{{chain}} ではありません',
      'chain-not-pinned': '記録が、公開鍵の固定されていない drand チェーン {{chainHash}} を指しています',
      'close-after-block': '記録の締切時刻（{{closedAt}}）が、そのブロックの時刻（{{blockTime}}）より後です',
      'record-late':
        '記録はラウンド {{round}} の公開（{{roundTime}}）より後の {{blockTime}} に書かれたため、抽選は無効です',
      'no-record': '証明に公開記録の場所がありません',
      'rpc-other-chain': 'この RPC はチェーン {{rpcChainId}} のもので、記録はチェーン {{chainId}} にあります',
      'registry-other':
        'チェーン {{chainId}} の {{registry}} は Hanabi の抽選記録コントラクトではありません（コードが違います）',
      'tx-missing': 'トランザクション {{txHash}} はチェーン {{chainId}} にありません',
      'tx-reverted': 'トランザクション {{txHash}} は失敗（revert）しています',
      'tx-no-record': 'トランザクション {{txHash}} に {{registry}} の抽選記録がありません',
      'rpc-unreachable': 'チェーンの RPC が応答しませんでした（{{detail}}）',
      'secret-unopened': '記録から秘密値 S を開けません（{{detail}}）',
      'secret-other': '記録に封じられた秘密値が、証明の S と違います',
    },
    freeze: {
      title: '数えたコメント',
      rule: '配信サービスが締切時刻 T（{{time}}）までに公開したコメントを数えています。Hanabi に届いた時刻ではありません。終了した配信は、終了までに届いたコメントだけです。',
      waiting:
        '締切前に投稿されたコメントが届くのを待っています（{{time}} までのコメント、最長 {{until}} まで）。',
      caughtUp:
        '参加者を固定する前に、すべてのチャットが T より後まで読み込まれるのを待ちました（固定：{{frozenAt}}）。',
      behind:
        '待ち時間の上限（{{until}}）までに、次のチャットは T まで読み込まれませんでした。T より前に投稿されて、まだ届いていなかったコメントは数えられていません（固定：{{frozenAt}}）：',
      behindChat: '{{platform}}：{{time}} まで読み込み済み',
      neverRead: '{{platform}}：一度も読み込まれていません',
      platform: { youtube: 'YouTube', twitcasting: 'ツイキャス' },
      legacy: 'この抽選は、T までに Hanabi に届いたコメントを数える以前の方式で締め切られました。',
    },
    expected: '公開値',
    actual: '再計算',
    ok: '一致',
    ng: '不一致',
    values: '公開された値',
    commitment: 'コミットメント C',
    entrantsHash: '参加者リストのハッシュ H',
    beacon: 'ビーコン B（{{source}}、ラウンド {{round}}）',
    secret: '秘密値 S',
    seed: 'シード',
    copy: 'コピー',
    winners: '当選者',
    excluded: '除外済み',
    entrantCount: '参加者 {{n}} 人',
    showEntrants: '参加者リストを表示',
    entrantsPage: '参加者リストのページ',
    redraws: 'この抽選の再抽選',
    redrawOf: 'この抽選は再抽選です。元の抽選：',
    howTitle: '自分で検証する',
    howBody:
      'このページはブラウザの中で抽選を再計算しています。Hanabi のリポジトリから、コマンドラインでも同じ検証ができます：',
  },
};

export const drawProofEn: typeof drawProofJa = {
  drawProof: {
    entrantsSorted_one: '{{count}} distinct, sorted',
    entrantsSorted_other: '{{count}} distinct, sorted',
    entrantsNotSorted: 'not distinct and sorted',
    title: 'Proof of the draw',
    lead: 'Round {{round}} of the campaign “{{campaign}}” by {{streamer}}.',
    notFound: 'This draw was not found.',
    status: {
      open: 'Open',
      closed: 'Closed (waiting for the beacon)',
      revealed: 'Revealed',
      failed: 'Failed',
      withheld: 'Result withheld',
    },
    waiting:
      'Entries are closed and the draw is waiting for the public random beacon. Until then only the commitment below is published.',
    failed: 'This draw failed: {{reason}}',
    verifying: 'Recomputing the draw with {{n}} entrants in your browser…',
    verified:
      "Verified: the draw recomputes exactly from the published values, its randomness is drand's, and its entrants, secret and round were fixed by a public record on chain before that randomness existed: neither Hanabi nor the streamer could choose the result.",
    practice:
      'Practice draw: it recomputes from the published values, but nothing outside this server fixed the draw before its randomness existed (a block hash of a chain it runs, or no public record read). It guarantees nothing against the server.',
    notVerified: 'Does not verify: the published values and the recomputation differ.',
    verifyError: 'The proof could not be loaded, so the draw was not verified.',
    record: {
      title: 'Public record',
      lead: 'This draw (record #{{number}}) was recorded in a block of chain {{chainId}} ({{time}}) before its randomness existed: the entrant list, the secret and the round were fixed there.',
      tx: 'Transaction',
      registry: 'Record contract',
      rpc: 'Chain RPC to read the record through',
      rpcUsed: 'Read through {{url}} now; you may give another RPC you trust.',
      rpcNone: 'This server publishes no RPC: give one to check the record.',
      check: 'Check with this RPC',
      none: 'This draw has no record published before its randomness.',
      unread: 'Its public record has not been read yet, so it cannot be called verified: give a chain RPC.',
      missing:
        "The randomness is drand's, but no record was published before it, so nothing shows the server did not rewrite the draw.",
    },
    checks: 'Checks',
    check: {
      algorithm: 'Algorithm',
      commitment: 'Commitment (hash of the secret)',
      entrants: 'Entrant list (distinct, sorted)',
      entrantsHash: 'Hash of the entrant list',
      beacon: 'Beacon (drand signature)',
      record: 'Commitment record (on chain)',
      seed: 'Seed',
      winners: 'Winners',
    },
    beaconSigned: 'Signed by drand, the first round after the close',
    beaconVerified:
      "Beacon verified: drand {{chain}}'s BLS signature of round {{round}} checks against drand's public key, and that round is the first after entries closed.",
    beaconPractice:
      'The beacon is the hash of block {{round}} of chain {{chainId}}, which this server runs: it carries no signature to check, and the server could choose it.',
    beaconFailed: 'The beacon does not verify: {{problem}}',
    field: { signature: 'signature', previousSignature: 'previous signature' },
    problem: {
      'source-invalid':
        'the beacon source “{{source}}” is neither a pinned drand chain (drand:<chain hash>) nor a chain (chain:<chain id>)',
      'chain-unknown': 'drand chain {{chainHash}} is not one whose public key this verifier pins',
      'round-invalid': 'round “{{round}}” is not a round number',
      'value-malformed': 'the value of round {{round}} is not 32 bytes of lowercase hex',
      'signature-missing': 'round {{round}} comes without its signature',
      'signature-malformed': "the signature of round {{round}} is not lowercase hex of a signature's length",
      'previous-signature-missing':
        'round {{round}} of a chained drand chain comes without the previous signature it signs',
      'previous-signature-malformed':
        "the previous signature of round {{round}} is not lowercase hex of a signature's length",
      'field-unexpected': 'round {{round}} carries a {{field}} its source does not have',
      'signature-invalid':
        "the signature of round {{round}} does not verify against drand {{chain}}'s public key",
      'value-mismatch': "B is not SHA-256 of round {{round}}'s signature ({{expected}})",
      'close-time-missing': 'no close time to check the round against',
      'round-not-first':
        'round {{round}} is not the first after the close at {{closedAt}} (that is round {{first}})',
      'round-before-close': 'round {{round}} was published before the close at {{closedAt}}',
    },
    recordMatches: 'The on-chain commitment record matches',
    recordField: {
      drawId: 'the draw id',
      commitment: 'the commitment C',
      entrantsHash: 'the entrant list hash H',
      closedAt: 'the close time T',
      beacon: 'the beacon',
      beaconRound: 'the beacon round',
    },
    recordProblem: {
      'field-mismatch': '{{field}} is {{published}} in the proof but {{recorded}} on chain',
      'chain-other': 'the record names drand chain {{recorded}}, not {{chain}}',
      'chain-not-pinned': 'the record names drand chain {{chainHash}}, whose key is not pinned',
      'close-after-block': "the record's close time ({{closedAt}}) is after its block ({{blockTime}})",
      'record-late':
        'the record was written at {{blockTime}}, once round {{round}} was public ({{roundTime}}): the draw is void',
      'no-record': 'the proof names no public record',
      'rpc-other-chain': 'this RPC serves chain {{rpcChainId}}, the record is on chain {{chainId}}',
      'registry-other': "{{registry}} on chain {{chainId}} is not Hanabi's draw registry (its code differs)",
      'tx-missing': 'transaction {{txHash}} is not on chain {{chainId}}',
      'tx-reverted': 'transaction {{txHash}} reverted',
      'tx-no-record': 'transaction {{txHash}} holds no draw record of {{registry}}',
      'rpc-unreachable': 'the chain RPC did not answer ({{detail}})',
      'secret-unopened': 'S does not open from the record ({{detail}})',
      'secret-other': "the secret sealed in the record is not the proof's S",
    },
    freeze: {
      title: 'Which comments count',
      rule: 'The comments counted are those the platform published at or before the close time T ({{time}}), whenever they reached Hanabi. A stream that had ended counts only what arrived before its end.',
      waiting:
        'Waiting for comments written before the close to arrive (comments up to {{time}}; until {{until}} at most).',
      caughtUp:
        'Before freezing the entrants, the draw waited until every chat had been read past T (frozen at {{frozenAt}}).',
      behind:
        'The wait ended at its limit ({{until}}) before these chats had been read up to T; comments written before T that had not arrived yet are not counted (frozen at {{frozenAt}}):',
      behindChat: '{{platform}}: read up to {{time}}',
      neverRead: '{{platform}}: never read',
      platform: { youtube: 'YouTube', twitcasting: 'TwitCasting' },
      legacy:
        'This draw closed under the earlier rule, which counted the comments that had reached Hanabi by T.',
    },
    expected: 'Published',
    actual: 'Recomputed',
    ok: 'Match',
    ng: 'Mismatch',
    values: 'Published values',
    commitment: 'Commitment C',
    entrantsHash: 'Entrant list hash H',
    beacon: 'Beacon B ({{source}}, round {{round}})',
    secret: 'Secret S',
    seed: 'Seed',
    copy: 'Copy',
    winners: 'Winners',
    excluded: 'Excluded',
    entrantCount: '{{n}} entrants',
    showEntrants: 'Show the entrant list',
    entrantsPage: 'Entrant list page',
    redraws: 'Re-draws of this draw',
    redrawOf: 'This draw is a re-draw. Original draw:',
    howTitle: 'Verify it yourself',
    howBody:
      'This page recomputes the draw in your browser. From the Hanabi repository you can run the same check on the command line:',
  },
};

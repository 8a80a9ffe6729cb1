/**
 * Messages of a campaign's public draw history (the proof page and the campaign's results, decision 0200) and
 * of the exclusion form in the live room, in both languages (merged into ja.ts / en.ts at the top level). The
 * proof page's first paint carries `drawHistory` whole (`apps/web/build/first-paint.plugin.ts`).
 */
export const drawHistoryJa = {
  drawHistory: {
    title: 'このキャンペーンのすべての抽選',
    lead: '失敗した抽選も除外も、すべて公開しています。',
    round: '第 {{round}} 回',
    redrawRound: '第 {{round}} 回（再抽選）',
    thisDraw: 'このページの抽選',
    openedAt: '{{at}} 開始',
    // Japanese has one plural form (`_other`); `_one` keeps the key set equal to the English one.
    entrants_one: '参加者 {{n}} 人',
    entrants_other: '参加者 {{n}} 人',
    failure: {
      noEntrants: '参加条件を満たすコメントがなかったため、当選者なしで終わりました',
      beaconRefused: '公開の乱数（ビーコン）が拒否されたため、失敗しました',
      recordLate:
        '公開記録がラウンドの公開より後にチェーンに載ったため無効になり、新しいラウンドで抽選し直しました',
      entrantUnknown: '参加者の本人情報が残っていなかったため、失敗しました',
      other: 'この抽選は完了できませんでした',
    },
    withheld:
      'ラウンドの公開から {{minutes}} 分を過ぎても（期限 {{at}}）、このサーバーは結果を公開していません。',
    withheldSealed:
      '秘密値 S は公開記録に時限暗号で封じられているため、ラウンドの署名があれば誰でも開けて、当選者を計算できます。',
    withheldUnsealed: 'このチェーンは時限暗号に対応していないため、秘密値 S はサーバーだけが持っています。',
    replaces: '{{names}} さんの代わりの再抽選。元の抽選：',
    excluded: '除外：{{reason}}（{{at}}）',
    excludedNoTime: '除外：{{reason}}',
    note: '配信者のコメント：「{{note}}」',
    replacedBy: 'この人の代わりの再抽選：',
    proof: '証明',
  },
  exclusion: {
    reason: {
      notEligible: '参加条件を満たしていない',
      duplicateAccount: '重複アカウント',
      ruleViolation: 'ルール違反',
      unreachable: '連絡が取れない',
      declined: '辞退',
      other: 'その他',
    },
    reasonLabel: '除外の理由',
    notePlaceholder: '例：同じ人の別アカウントでした',
    noteLabel: '説明（あなたの言葉で）',
    noteRequired: '「その他」の場合は説明を書いてください',
    public:
      '理由と説明は、除外した時刻とともに抽選の証明ページとキャンペーンの結果で公開されます。個人情報は書かないでください。',
  },
};

export const drawHistoryEn: typeof drawHistoryJa = {
  drawHistory: {
    title: 'Every draw of this campaign',
    lead: 'Failed draws and exclusions included: nothing is left out.',
    round: 'Round {{round}}',
    redrawRound: 'Round {{round}} (re-draw)',
    thisDraw: 'This draw',
    openedAt: 'Started {{at}}',
    entrants_one: '{{n}} entrant',
    entrants_other: '{{n}} entrants',
    failure: {
      noEntrants: 'No comment met the entry rule, so it ended without winners',
      beaconRefused: 'The public random beacon refused, so it failed',
      recordLate:
        'Void: its public record reached the chain after its round was published, so it was drawn again with a new round',
      entrantUnknown: "An entrant's identity was no longer on record, so it failed",
      other: 'This draw could not finish',
    },
    withheld:
      'Its round was published, but {{minutes}} minutes later (due {{at}}) this server still has not revealed the result.',
    withheldSealed:
      'Its secret S is sealed in the public record with timelock encryption: with the round’s signature anyone can open it and compute the winners.',
    withheldUnsealed: 'This chain serves no timelock encryption, so only the server holds its secret S.',
    replaces: 'Re-draw replacing {{names}}. Original draw:',
    excluded: 'Excluded: {{reason}} ({{at}})',
    excludedNoTime: 'Excluded: {{reason}}',
    note: 'Streamer’s words: “{{note}}”',
    replacedBy: 'Replaced by the re-draw:',
    proof: 'Proof',
  },
  exclusion: {
    reason: {
      notEligible: 'Does not meet the entry rule',
      duplicateAccount: 'Duplicate account',
      ruleViolation: 'Broke the rules',
      unreachable: 'Cannot be reached',
      declined: 'Declined the prize',
      other: 'Other',
    },
    reasonLabel: 'Reason for excluding',
    notePlaceholder: 'e.g. a second account of the same person',
    noteLabel: 'Explanation (in your words)',
    noteRequired: 'Explain in your words when the reason is “Other”',
    public:
      'The reason and your explanation are shown publicly, with the time, on the proof page and the campaign’s results. Do not write personal information.',
  },
};

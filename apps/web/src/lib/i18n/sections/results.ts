/**
 * Messages of a campaign's public results (the campaign page's results section and the live room's
 * announcement), in both languages (merged into ja.ts / en.ts at the top level). Same keys in ja and en.
 */
export const resultsJa = {
  results: {
    title: '抽選結果',
    live: 'ライブ更新中',
    none: 'まだ抽選はありません。抽選されると、ここに当選者が表示されます。',
    loadFailed: '抽選結果を読み込めませんでした。',
    draw: '第 {{round}} 回の抽選',
    redraw: '第 {{round}} 回の抽選（再抽選）',
    // Japanese has one plural form (`_other`); `_one` keeps the key set equal to the English one.
    entrants_one: '参加者 {{count}} 人',
    entrants_other: '参加者 {{count}} 人',
    winnersCount_one: '当選 {{count}} 名',
    winnersCount_other: '当選 {{count}} 名',
    proof: '証明を見る',
    you: 'あなた',
    excluded: '除外',
    awaitingLink: '受け取り待ち',
    isThisYou: 'あなたですか？ {{platform}} アカウントを連携すると受け取れます',
    // The button's name: its visible text, then whose prize it is (the list repeats the button per winner).
    isThisYouFor: 'あなたですか？ {{platform}} アカウントを連携すると受け取れます（当選者: {{name}}）',
    signInToClaim: 'ログインして受け取る',
    youWon: 'おめでとうございます！ あなたが当選しました',
    youWonHeld: '賞品はあなたのために保留されています。ウォレットを用意すると届きます。',
    youWonOnItsWay: '賞品を送っています。届くとお知らせします。',
    youWonDelivered: '賞品が届きました。',
    toCollection: 'コレクションで見る',
    streams: '配信',
    watchStream: '{{platform}} で配信を見る',
    channel: 'チャンネル：{{name}}',
    channelLink: '{{platform}} のチャンネル',
    streamStatus: { waiting: '配信待ち', live: '配信中', ended: '配信終了', error: '読み取りエラー' },
    platform: { youtube: 'YouTube', twitcasting: 'ツイキャス' },
    announcement: {
      title: 'チャットで結果を発表',
      hint: 'この文をコピーして配信のチャットに貼り付けると、当選者が結果と受け取り方を確認できます。',
      language: '発表の言語',
      copy: '発表文をコピー',
      text_one:
        '🎉「{{title}}」の当選者は {{names}} さんです！ 結果と抽選の証明、賞品の受け取りはこちら：{{url}}',
      text_other:
        '🎉「{{title}}」の当選者は {{names}} さんです！ 結果と抽選の証明、賞品の受け取りはこちら：{{url}}',
    },
  },
};

export const resultsEn: typeof resultsJa = {
  results: {
    title: 'Results',
    live: 'Live updates',
    none: 'No draws yet. Winners appear here as soon as they are drawn.',
    loadFailed: 'The results could not be loaded.',
    draw: 'Draw {{round}}',
    redraw: 'Draw {{round}} (re-draw)',
    entrants_one: '{{count}} entrant',
    entrants_other: '{{count}} entrants',
    winnersCount_one: '{{count}} winner',
    winnersCount_other: '{{count}} winners',
    proof: 'See the proof',
    you: 'You',
    excluded: 'Excluded',
    awaitingLink: 'Prize held',
    isThisYou: 'Is this you? Link your {{platform}} account to receive it',
    isThisYouFor: 'Is this you? Link your {{platform}} account to receive it (winner: {{name}})',
    signInToClaim: 'Sign in to claim it',
    youWon: 'Congratulations! You won',
    youWonHeld: 'Your prize is held for you. Set up your wallet to receive it.',
    youWonOnItsWay: 'Your prize is on its way. We will tell you when it arrives.',
    youWonDelivered: 'Your prize has arrived.',
    toCollection: 'See it in your collection',
    streams: 'Streams',
    watchStream: 'Watch on {{platform}}',
    channel: 'Channel: {{name}}',
    channelLink: '{{platform}} channel',
    streamStatus: { waiting: 'Waiting', live: 'On air', ended: 'Ended', error: 'Read error' },
    platform: { youtube: 'YouTube', twitcasting: 'TwitCasting' },
    announcement: {
      title: 'Announce the results in chat',
      hint: 'Copy this and paste it into your stream chat: winners see the results and how to receive their prize.',
      language: 'Language of the announcement',
      copy: 'Copy the announcement',
      text_one:
        '🎉 The winner of “{{title}}” is {{names}}! Results, the draw proof and how to claim: {{url}}',
      text_other:
        '🎉 The winners of “{{title}}” are {{names}}! Results, the draw proof and how to claim: {{url}}',
    },
  },
};

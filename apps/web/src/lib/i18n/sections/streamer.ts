/**
 * Messages of the streamer's journey (issue 22): the way to the live room, campaign state and "start now", why a
 * comment is not an entry, the create form's defaults and its one-time submit. Merged into ja.ts / en.ts at the
 * top level; keep ja and en with the same keys (i18n.test.ts checks them).
 */
export const streamerJa = {
  journey: {
    openLiveRoom: 'ライブルームへ',
    liveRoomOf: 'ライブルームへ（「{{title}}」）',
    state: {
      draft: '下書き：公開すると応募を受け付けます',
      scheduled: '{{at}} に開始',
      live: '開催中：{{at}} まで',
      ended: '{{at}} に終了',
    },
    startsAtHint: '空欄のままなら、公開した時点で開始します。',
    startsNowPlaceholder: '今すぐ',
    preview: {
      now: '公開するとすぐに開催中になり、コメントで応募できます。',
      scheduled: '公開すると {{at}} まで開催予定です。それまでのコメントは応募になりません。',
      ended: '終了時刻が過ぎています。終了時刻を未来にしてください。',
      draft: '下書きとして保存すると、公開するまで誰にも見えません。',
    },
    startNow: '今すぐ開始',
    startNowTitle: 'キャンペーンを今すぐ開始しますか？',
    startNowBody:
      '開始時刻を今にします。これ以降のキーワード付きコメントが応募になります。今より前のコメントは応募になりません。',
    startedToast: 'キャンペーンを開始しました。これからのコメントが応募になります。',
    scheduledAlert: 'このキャンペーンは {{at}} に始まります。それまでのコメントは応募になりません。',
    draftAlert: 'このキャンペーンは下書きです。公開すると応募を受け付けます。',
    endedAlert: 'このキャンペーンは {{at}} に終了しました。これ以降のコメントは応募になりません。',
    entriesClosedAlert:
      '最後の抽選で当選者が揃ったため、{{at}} に応募を締め切りました。これ以降のコメントは応募になりません。',
    reason: {
      deleted: '削除済み',
      notChat: 'チャット以外',
      notStarted: '開始前',
      ended: '終了後',
      entriesClosed: '応募締切後',
      membersOnly: 'メンバー限定',
      moderator: 'モデレーター・配信者',
      keyword: 'キーワードなし',
      alreadyWon: '当選済み',
      cooldown: 'クールダウン中',
      duplicate: '応募済み（2 回目以降）',
    },
    alreadyCreated: 'このフォームのキャンペーンはすでに作成されています。もう一度作成することはありません。',
    openCreated: '作成したキャンペーンを開く',
    createAnother: '別のキャンペーンを作成',
    goodsAlreadyCreated:
      'このフォームのデジタルグッズはすでに作成されています。もう一度作成することはありません。',
    openCreatedGoods: '作成したデジタルグッズを開く',
    createAnotherGoods: '別のデジタルグッズを作成',
    viewOwn: 'あなたのキャンペーンです',
    formErrors: '{{n}} 件の項目を直してください',
    distributeTitle: '{{platform}} の当選者に賞品を配布しますか？',
    distributeBody:
      '当選者のウォレットへ賞品をブロックチェーンで送ります。送った賞品は取り消せません。アカウントを連携していない当選者の分は保留され、連携したときに届きます。配布後は当選者の除外・再抽選はできません。',
    distributeConfirm: '配布する',
  },
};

export const streamerEn: typeof streamerJa = {
  journey: {
    openLiveRoom: 'Open live room',
    liveRoomOf: 'Open live room (“{{title}}”)',
    state: {
      draft: 'Draft: takes entries once published',
      scheduled: 'Starts {{at}}',
      live: 'Live until {{at}}',
      ended: 'Ended {{at}}',
    },
    startsAtHint: 'Leave empty to start as soon as you publish.',
    startsNowPlaceholder: 'Now',
    preview: {
      now: 'Once published it is live at once: comments enter right away.',
      scheduled: 'Once published it is scheduled until {{at}}; comments before then are not entries.',
      ended: 'The end time has passed: set an end in the future.',
      draft: 'Saved as a draft, nobody sees it until you publish.',
    },
    startNow: 'Start now',
    startNowTitle: 'Start the campaign now?',
    startNowBody:
      'Its start becomes now: comments with the keyword from now on are entries. Earlier comments stay not entries.',
    startedToast: 'The campaign has started: comments from now on are entries.',
    scheduledAlert: 'This campaign starts {{at}}. Comments before then are not entries.',
    draftAlert: 'This campaign is a draft. Publish it to take entries.',
    endedAlert: 'This campaign ended {{at}}. Comments after that are not entries.',
    entriesClosedAlert:
      'The last draw filled the winners, so entries closed for good {{at}}. Comments after that are not entries.',
    reason: {
      deleted: 'Deleted',
      notChat: 'Not a chat message',
      notStarted: 'Before the start',
      ended: 'After the end',
      entriesClosed: 'Entries closed',
      membersOnly: 'Members only',
      moderator: 'Moderator / owner',
      keyword: 'No keyword',
      alreadyWon: 'Already won',
      cooldown: 'In cooldown',
      duplicate: 'Already entered',
    },
    alreadyCreated: 'This form’s campaign has already been created; it will not be created again.',
    openCreated: 'Open the campaign you created',
    createAnother: 'Create another campaign',
    goodsAlreadyCreated:
      'This form’s digital goods have already been created; they will not be created again.',
    openCreatedGoods: 'Open the goods you created',
    createAnotherGoods: 'Create other digital goods',
    viewOwn: 'This is your campaign',
    formErrors: 'Fix {{n}} field(s) below',
    distributeTitle: 'Distribute the prizes to the {{platform}} winners?',
    distributeBody:
      'The prizes are sent on chain to the winners’ wallets and cannot be taken back. Winners who have not linked their account are held until they link. After this, winners can no longer be excluded or re-drawn.',
    distributeConfirm: 'Distribute',
  },
};

/**
 * The web's own texts for server errors (decisions 0078, 0205): by the envelope's stable `reason` first, then by its
 * `code` for the envelope codes whose server wording is generic (`GENERIC_ERROR_CODES`); anything else shows the
 * server's message. Same keys in ja and en; `reason` keys are `ERROR_REASONS` and `code` keys `GENERIC_ERROR_CODES`
 * of the contract (a test checks they are all here). Values the server's English names (a count, a platform) are
 * left out: the screen that shows the refusal already shows them.
 */
export const serverErrorsJa = {
  serverErrors: {
    reason: {
      notFound: '見つかりません。',
      notAllowed: 'この操作は許可されていません。',
      requestNotProcessed: 'リクエストを処理できませんでした。',
      xsrfTokenInvalid: 'ページの有効期限が切れました。ページを再読み込みしてから、もう一度お試しください。',

      signInRequired: 'ログインしてください。',
      signUpUnfinished: '先にアカウントの登録を完了してください。',
      streamersOnly: 'この操作は配信者のアカウントでのみ行えます。',
      accountNotRegistered: 'アカウントがまだ登録されていません。登録を完了してください。',
      accountAlreadyExists:
        'このログイン方法にはすでに Hanabi のアカウントがあります。ログインしてください。',
      notYourAccount: '変更できるのはご自身のアカウントだけです。',
      signInMethodNotLinked: 'このログイン方法はアカウントに連携されていません。',
      signInMethodAlreadyLinked: 'このログイン方法はすでにアカウントに連携されています。',
      lastSignInMethod: 'このアカウントの唯一のログイン方法のため、連携を解除できません。',
      noVerifiedEmail: 'このアカウントには確認済みのメールアドレスがありません。',
      signInMethodUnavailable: 'このログイン方法は現在ご利用いただけません。',
      signInRefused: 'ログインサービスがこの操作を受け付けませんでした。もう一度お試しください。',
      signInLinkExpired:
        'ログインリンクの有効期限が切れているか、すでに使われています。もう一度リンクを送信してください。',
      wrongSignInCode: 'コードが正しくありません。もう一度入力してください。',
      walletAddressTaken: 'このウォレットアドレスは別のアカウントで使われています。',
      walletChangedAgain: 'その後もアドレスが変更されています。最新のメールにあるリンクを使ってください。',
      previousWalletAddressTaken: '以前のアドレスは、すでに別のアカウントで使われています。',
      undoLinkExpired: '取り消しリンクの有効期限が切れているか、すでに使われています。',
      unsubscribeLinkInvalid: 'この配信停止リンクは無効です。アカウントページからメールを停止できます。',
      unsubscribeLinkExpired:
        'この配信停止リンクの有効期限が切れています。アカウントページからメールを停止できます。',
      userNotFound: 'このユーザーは見つかりません。',
      ownRoleUnchangeable: 'ご自身の運営者権限は変更できません。',
      cannotSuspendSelf: 'ご自身のアカウントは停止できません。',
      peopleSearchNotAllowed: 'ユーザー検索は配信者と運営者のみ利用できます。',
      streamerNotFound: 'この配信者は見つかりません。',

      campaignNotFound: 'このキャンペーンは見つかりません。',
      notYourCampaign: '変更できるのはご自身のキャンペーンだけです。',
      campaignNotPublished: '先にキャンペーンを公開してください。',
      campaignEnded: 'このキャンペーンは終了しています。',
      campaignAlreadyStarted: 'このキャンペーンはすでに開始しています。',
      liveCampaignStaysLive: '開催中のキャンペーンは、終了するまで状態を変更できません。',
      liveCampaignNotDeletable: '開催中のキャンペーンは削除できません。',
      campaignRulesBroken: 'キャンペーンの設定に問題があります。入力内容を確認してください。',
      notYourWatchlist: '変更できるのはご自身のウォッチリストだけです。',

      platformNotConnected: '先に配信サービスを連携してください。',
      platformAccessRevoked:
        '配信サービスが Hanabi のアクセスを受け付けなくなりました。もう一度連携してから、お試しください。',
      platformNotInCampaign: 'このキャンペーンはこの配信サービスでは開催されていません。',
      notLiveOnPlatform: '現在配信していないようです。配信を開始してから、もう一度お試しください。',
      platformNoAnswer: '配信サービスから応答がありませんでした。接続を確認して、もう一度お試しください。',
      liveStreamNotFound: 'このキャンペーンで読み取っている配信は見つかりません。',

      drawNotFound: 'この抽選は見つかりません。',
      drawInProgress:
        'このキャンペーンでは別の抽選が進行中です。結果を確認してから、もう一度お試しください。',
      noEligibleEntrants: '応募条件を満たすコメントがまだないため、抽選できません。',
      allWinnersDrawn: 'このキャンペーンの当選者はすべて抽選済みです。',
      tooManyWinnersRequested: '抽選できる残りの当選者数を超えています。',
      drawNotRevealed: 'この抽選の結果はまだ公開されていません。証明は結果の公開とともに表示されます。',
      drawsAreManual: 'このキャンペーンは手動で抽選します。抽選を予約するには抽選方法を変更してください。',
      noDrawInterval: 'このキャンペーンには抽選の間隔が設定されていません。',
      winnerNotFound: '指定された当選者が見つかりません。',
      winnerAlreadyDistributed: '賞品の配布を始めた当選者は除外できません。',

      goodsNotFound: 'このデジタルグッズは見つかりません。',
      notYourGoods: '配布できるのはご自身のデジタルグッズだけです。',
      goodsNotPublished: '先にデジタルグッズを公開してください。',
      notEnoughCopies: 'デジタルグッズの残り数量が足りません。',
      publishedGoodsFixed: '公開済みのデジタルグッズは、非表示の設定と数量の追加だけ変更できます。',
      supplyCannotShrink: '公開済みのデジタルグッズの数量は増やすことしかできません。',
      supplyPromisedToCampaigns: 'キャンペーンで約束している数量より少なくはできません。',
      publishedGoodsNotDeletable: '公開済みのデジタルグッズは削除できません。代わりに非表示にしてください。',
      goodsUsedByCampaigns:
        'このグッズはキャンペーンの賞品です。先にそのキャンペーンを変更または削除してください。',
      goodsImageRequired: '公開するには、デジタルグッズの画像が必要です。',
      tokenNotFound: 'このトークンは見つかりません。',
      tokenSupplyCapReached: '発行上限を超えるため、この数量は発行できません。',
      chainRefused: 'ブロックチェーンがこの取引を受け付けませんでした。',
      collectionNotFound: '表示できるコレクションがありません。',
      deliveryNotFound: 'この配布は見つかりません。',
      deliveryNotRetryable: '再試行できるのは失敗した配布だけです。',
      deliveryNotCancellable: '取り消せるのは失敗または待機中の配布だけです。',
      deliveryChanged: 'この配布はほかの操作で変更されました。再読み込みしてから、もう一度お試しください。',
      manualDistributionNotFound: 'この配布は見つかりません。',
      tooManyTwitcastingIds:
        '一度に確認できるツイキャスのユーザー名の数を超えています。数字のユーザー ID で指定してください。',
      twitcastingIdUnresolved:
        'ツイキャスのユーザー名をユーザー ID に変換できませんでした。しばらくしてからお試しいただくか、数字のユーザー ID で指定してください。',

      uploadNotFound: 'このアップロードは見つかりません。',
      uploadFinished: 'このアップロードはすでに完了しています。',
      fileNotYours: 'ご自身がアップロードしたファイルではありません。',
      fileWrongKind: 'このファイルは別の用途でアップロードされています。',
      fileNotImage: 'このファイルは画像ではありません。',
      fileEmpty: 'ファイルが空です。',
      imageTooLarge:
        '画像のサイズ（縦横のピクセル数）が大きすぎます。16,384 ピクセル以内、4,000 万画素以内にしてください。',
      imageUnreadable: '画像のサイズを読み取れませんでした。別の形式で保存し直してからお試しください。',
      imageTooManyFrames:
        'アニメーション画像のコマ数が多すぎます。1,000 コマ以内、コマ数 × 画素数が 2 億以内にしてください。',

      notificationNotFound: 'このお知らせは見つかりません。',
      notYourNotifications: '読めるのはご自身のお知らせだけです。',
      newsNotFound: 'このニュースは見つかりません。',
      idempotencyKeyReused: '同じ操作がすでに別の内容で送信されています。ページを再読み込みしてください。',
      sandboxStreamEnded: 'この配信は終了しています。',
    },
    code: {
      VALIDATION_FAILED: '入力内容を確認してください。',
      BAD_REQUEST: 'リクエストを処理できませんでした。ページを再読み込みしてから、もう一度お試しください。',
      UNAUTHENTICATED: 'ログインしてください。',
      ACCOUNT_SUSPENDED: 'このアカウントは運営により停止されています。',
      RECENT_SIGN_IN_REQUIRED: '本人確認のため、もう一度ログインしてからお試しください。',
      PAYLOAD_TOO_LARGE: 'ファイルまたは送信内容が大きすぎます。',
      UNSUPPORTED_MEDIA_TYPE: 'この形式のファイルは受け付けていません。',
      WALLET_PROOF_INVALID: 'ウォレットの署名を確認できませんでした。もう一度署名してください。',
      RATE_LIMITED: 'リクエストが多すぎます。少し待ってからもう一度お試しください。',
      INTERNAL: 'サーバーで問題が起きました。しばらくしてからもう一度お試しください。',
      UNAVAILABLE: 'ただいま利用できません。しばらくしてからもう一度お試しください。',
    },
  },
};

export const serverErrorsEn: typeof serverErrorsJa = {
  serverErrors: {
    reason: {
      notFound: 'Not found.',
      notAllowed: 'You are not allowed to do this.',
      requestNotProcessed: 'The request could not be processed.',
      xsrfTokenInvalid: 'This page has expired. Reload it and try again.',

      signInRequired: 'Please sign in.',
      signUpUnfinished: 'Finish signing up first.',
      streamersOnly: 'Only streamers can do this.',
      accountNotRegistered: 'Your account is not registered yet. Finish signing up.',
      accountAlreadyExists: 'This sign-in already has a Hanabi account. Sign in instead.',
      notYourAccount: 'You can only change your own account.',
      signInMethodNotLinked: 'This sign-in method is not linked to your account.',
      signInMethodAlreadyLinked: 'This sign-in method is already linked to your account.',
      lastSignInMethod: 'This is the only way to sign in to this account, so it cannot be unlinked.',
      noVerifiedEmail: 'This account has no verified e-mail address to sign in with.',
      signInMethodUnavailable: 'This sign-in method is not available right now.',
      signInRefused: 'The sign-in service did not accept this. Please try again.',
      signInLinkExpired: 'This sign-in link has expired or was used: ask for a new one.',
      wrongSignInCode: 'That is not the code. Please enter it again.',
      walletAddressTaken: 'This wallet address is already used by another account.',
      walletChangedAgain: 'The address was changed again since: use the link in the newest e-mail.',
      previousWalletAddressTaken: 'The previous address is now used by another account.',
      undoLinkExpired: 'This undo link has expired or was already used.',
      unsubscribeLinkInvalid:
        'This unsubscribe link is not valid. You can turn the e-mails off on your account page.',
      unsubscribeLinkExpired:
        'This unsubscribe link has expired. You can turn the e-mails off on your account page.',
      userNotFound: 'There is no such user.',
      ownRoleUnchangeable: 'You cannot change your own operator role.',
      cannotSuspendSelf: 'You cannot suspend yourself.',
      peopleSearchNotAllowed: 'Only streamers and operators can search people.',
      streamerNotFound: 'No such streamer.',

      campaignNotFound: 'No campaign with this id.',
      notYourCampaign: 'You can only change your own campaigns.',
      campaignNotPublished: 'Publish the campaign first.',
      campaignEnded: 'This campaign has ended.',
      campaignAlreadyStarted: 'This campaign has already started.',
      liveCampaignStaysLive: 'A live campaign stays live until it ends.',
      liveCampaignNotDeletable: 'A live campaign cannot be deleted.',
      campaignRulesBroken: 'The campaign breaks some rules. Please check what you entered.',
      notYourWatchlist: 'You can only change your own watchlist.',

      platformNotConnected: 'Connect the platform for live streaming first.',
      platformAccessRevoked:
        "The platform no longer accepts Hanabi's access: connect it again, then try again.",
      platformNotInCampaign: 'This campaign does not run on this platform.',
      notLiveOnPlatform: 'You are not live right now: start your broadcast, then try again.',
      platformNoAnswer:
        'The platform did not answer about your broadcast. Check your connection and try again.',
      liveStreamNotFound: 'No such live stream is read for this campaign.',

      drawNotFound: 'No such draw.',
      drawInProgress: 'Another draw of this campaign is running; look at its result before drawing again.',
      noEligibleEntrants: 'Nobody is eligible: no comment matches the entry rule yet.',
      allWinnersDrawn: 'Every winner of this campaign has been drawn.',
      tooManyWinnersRequested: 'Fewer winners remain to be drawn than this asks for.',
      drawNotRevealed: 'This draw has not been revealed yet: its proof comes with the reveal.',
      drawsAreManual: 'This campaign draws manually: change its draw mode to schedule draws.',
      noDrawInterval: 'The campaign has no draw interval.',
      winnerNotFound: 'No winner of this campaign with one of these ids.',
      winnerAlreadyDistributed: 'A winner whose prize has been handed to delivery cannot be excluded.',

      goodsNotFound: 'No such digital goods.',
      notYourGoods: 'You can only distribute your own digital goods.',
      goodsNotPublished: 'Publish the digital goods first.',
      notEnoughCopies: 'Not enough copies of these goods are left.',
      publishedGoodsFixed:
        'Published digital goods are on their way to the chain: only hidden and a larger supply can change.',
      supplyCannotShrink: 'The supply of published digital goods can only grow.',
      supplyPromisedToCampaigns: 'Campaigns already promise more copies of these goods than this supply.',
      publishedGoodsNotDeletable: 'Published digital goods cannot be deleted; hide them instead.',
      goodsUsedByCampaigns: 'These goods are the prize of a campaign; change or delete it first.',
      goodsImageRequired: 'Digital goods need an image before they can be published.',
      tokenNotFound: 'No such token.',
      tokenSupplyCapReached: 'This amount would go over the supply cap.',
      chainRefused: 'The chain did not accept this transaction.',
      collectionNotFound: 'No collection to show.',
      deliveryNotFound: 'No such delivery.',
      deliveryNotRetryable: 'Only failed deliveries can be retried.',
      deliveryNotCancellable: 'Only failed or queued deliveries can be cancelled.',
      deliveryChanged: 'The delivery changed meanwhile; reload and try again.',
      manualDistributionNotFound: 'No such distribution.',
      tooManyTwitcastingIds:
        'Too many TwitCasting screen ids to look up at once. Write the numeric TwitCasting user ids instead.',
      twitcastingIdUnresolved:
        'A TwitCasting screen id could not be turned into its user id. Try again later, or write the numeric user id.',

      uploadNotFound: 'No such upload.',
      uploadFinished: 'This upload has finished.',
      fileNotYours: 'This is not a file you uploaded.',
      fileWrongKind: 'This file was uploaded for another use.',
      fileNotImage: 'This file is not an image.',
      fileEmpty: 'The file is empty.',
      imageTooLarge: 'The image is too large in pixels: at most 16,384 on a side and 40 million in all.',
      imageUnreadable: 'The image’s size could not be read. Save it again in another format and retry.',
      imageTooManyFrames:
        'The animation has too many frames: at most 1,000, and at most 200 million pixels across all frames.',

      notificationNotFound: 'No such notification.',
      notYourNotifications: 'You can only read your own notifications.',
      newsNotFound: 'There is no such news item.',
      idempotencyKeyReused:
        'The same action was already sent with different content. Please reload the page.',
      sandboxStreamEnded: 'This stream has ended.',
    },
    code: {
      VALIDATION_FAILED: 'Please check what you entered.',
      BAD_REQUEST: 'The request could not be processed. Reload the page and try again.',
      UNAUTHENTICATED: 'Please sign in.',
      ACCOUNT_SUSPENDED: 'This account has been suspended by the operators.',
      RECENT_SIGN_IN_REQUIRED: 'Confirm it is you: sign in again, then try again.',
      PAYLOAD_TOO_LARGE: 'The file or what you sent is too large.',
      UNSUPPORTED_MEDIA_TYPE: 'This type of file is not accepted.',
      WALLET_PROOF_INVALID: 'The wallet signature could not be checked. Please sign again.',
      RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
      INTERNAL: 'Something went wrong on our side. Please try again later.',
      UNAVAILABLE: 'This is not available right now. Please try again later.',
    },
  },
};

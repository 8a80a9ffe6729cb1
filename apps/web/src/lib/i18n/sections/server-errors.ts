/**
 * The web's own texts for server errors (decision 0078): by the envelope's stable `reason` first, then by its
 * `code` for the envelope codes whose server wording is generic; anything else shows the server's message.
 * Same keys in ja and en; `reason` keys are `ERROR_REASONS` of the contract (a test checks they are all here).
 */
export const serverErrorsJa = {
  serverErrors: {
    reason: {
      signInRequired: 'ログインしてください。',
      campaignNotFound: 'このキャンペーンは見つかりません。',
      winnerAlreadyDistributed: '賞品の配布を始めた当選者は除外できません。',
      drawNotFound: 'この抽選は見つかりません。',
    },
    code: {
      UNAUTHENTICATED: 'ログインしてください。',
      RATE_LIMITED: 'リクエストが多すぎます。少し待ってからもう一度お試しください。',
      INTERNAL: 'サーバーで問題が起きました。しばらくしてからもう一度お試しください。',
      UNAVAILABLE: 'ただいま利用できません。しばらくしてからもう一度お試しください。',
    },
  },
};

export const serverErrorsEn: typeof serverErrorsJa = {
  serverErrors: {
    reason: {
      signInRequired: 'Please sign in.',
      campaignNotFound: 'No campaign with this id.',
      winnerAlreadyDistributed: 'A winner whose prize has been handed to delivery cannot be excluded.',
      drawNotFound: 'No such draw.',
    },
    code: {
      UNAUTHENTICATED: 'Please sign in.',
      RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
      INTERNAL: 'Something went wrong on our side. Please try again later.',
      UNAVAILABLE: 'This is not available right now. Please try again later.',
    },
  },
};

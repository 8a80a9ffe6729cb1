import i18next, { type TFunction } from 'i18next';
import type { Locale, NotificationType } from '@hanabi/api';

/**
 * The texts of the notification types in both languages. Writers store `params` (names, counts); the text
 * is made when someone reads it, in the reader's language, so a changed locale or wording applies to old ones.
 * Params a writer left out fall back to a neutral word instead of showing `{{…}}`.
 */
const ja = {
  fallback: {
    goodsName: 'デジタルグッズ',
    campaignTitle: 'キャンペーン',
    userName: '視聴者',
    count: '複数',
    watchCount: '複数',
    amount: '1',
  },
  type: {
    prizeReceived: '「{{goodsName}}」（{{amount}}個）を受け取りました',
    prizeCompleted: '「{{campaignTitle}}」の賞品の配布が完了しました（{{count}}件）',
    manualDistributionCompleted: '「{{goodsName}}」の手動配布が完了しました（{{count}}件）',
    watchlistRegistered: '「{{campaignTitle}}」をウォッチリストに追加しました',
    watchlistIncreased: '{{userName}}さんが「{{campaignTitle}}」をウォッチしました（{{watchCount}}人）',
    tokenLikeAdded: '{{userName}}さんがあなたのコレクションの「{{goodsName}}」にいいねしました',
    campaignLikeAdded: '{{userName}}さんが「{{campaignTitle}}」にいいねしました',
    accountUpdated: 'アカウント情報が更新されました',
    walletChanged:
      '賞品の受け取りアドレスが変更されました。心当たりがなければ、メールの「元に戻す」リンクを開いてください',
    walletSet: '賞品の受け取りアドレスを設定しました。これから当選した賞品はこのアドレスに届きます',
  } satisfies Record<NotificationType, string>,
};

const en: typeof ja = {
  fallback: {
    goodsName: 'digital goods',
    campaignTitle: 'a campaign',
    userName: 'A viewer',
    count: 'several',
    watchCount: 'several',
    amount: '1',
  },
  type: {
    prizeReceived: 'You received “{{goodsName}}” (×{{amount}})',
    prizeCompleted: 'The prizes of “{{campaignTitle}}” have all been delivered ({{count}})',
    manualDistributionCompleted: 'Your manual distribution of “{{goodsName}}” is complete ({{count}})',
    watchlistRegistered: 'You added “{{campaignTitle}}” to your watchlist',
    watchlistIncreased: '{{userName}} is watching “{{campaignTitle}}” ({{watchCount}} watching)',
    tokenLikeAdded: '{{userName}} liked “{{goodsName}}” in your collection',
    campaignLikeAdded: '{{userName}} liked “{{campaignTitle}}”',
    accountUpdated: 'Your account was updated',
    walletChanged:
      'The address your prizes go to was changed. If this was not you, open the undo link in the e-mail we sent',
    walletSet: 'Your prize address is set: prizes you win go to it from now on',
  },
};

/** One i18next instance for the server (never the global one), initialised synchronously. */
const instance = i18next.createInstance();
void instance.init({
  resources: { ja: { translation: ja }, en: { translation: en } },
  lng: 'ja',
  fallbackLng: 'ja',
  initAsync: false,
  // Texts go out as JSON and the web renders them as text, never as HTML.
  interpolation: { escapeValue: false },
});

const translators = new Map<Locale, TFunction>();

function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = instance.getFixedT(locale);
    translators.set(locale, t);
  }
  return t;
}

export function notificationText(
  type: NotificationType,
  params: Record<string, string | number>,
  locale: Locale,
): string {
  const t = translator(locale);
  const fallback = t('fallback', { returnObjects: true }) as Record<string, string>;
  return t(`type.${type}`, { ...fallback, ...params });
}

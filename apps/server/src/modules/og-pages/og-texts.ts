import type { OgLocale } from './og-locale.ts';

type CampaignStatus = 'draft' | 'scheduled' | 'live' | 'ended';

/** The words of the shared pages' tags and cards, per language (the web app's own words for the same things). */
export interface OgTexts {
  campaign: {
    status: Record<CampaignStatus, string>;
    prize(name: string): string;
    /** Start and end, in Japan's time (the campaigns' own). */
    period(startsAt: Date, endsAt: Date): string;
    description(streamer: string, lines: string[]): string;
  };
  streamer: {
    badge: string;
    counts(followers: number, activeCampaigns: number): string;
    invitation: string;
    description(name: string, counts: string): string;
  };
  goods: {
    badge: string;
    holders(count: number): string;
    supply(count: number): string;
    giftOf(streamer: string): string;
    description(streamer: string, goods: string): string;
  };
}

const inJapan = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
const jaDates = inJapan('ja-JP');
const enDates = inJapan('en-US');

const TEXTS: Record<OgLocale, OgTexts> = {
  ja: {
    campaign: {
      status: { draft: '下書き', scheduled: '開催予定', live: '開催中', ended: '終了' },
      prize: (name) => `賞品: ${name}`,
      period: (startsAt, endsAt) => `${jaDates.format(startsAt)} 〜 ${jaDates.format(endsAt)} (JST)`,
      description: (streamer, lines) => `${streamer}のキャンペーン。${lines.join('。')}`,
    },
    streamer: {
      badge: '配信者',
      counts: (followers, active) => `フォロワー ${followers} 人 · 開催中・予定 ${active} 件`,
      invitation: 'Hanabi でフォローしてプレゼントに参加',
      description: (name, counts) => `${name}（Hanabi の配信者）。${counts}`,
    },
    goods: {
      badge: 'デジタルグッズ',
      holders: (count) => `${count} 人が所有`,
      supply: (count) => `限定 ${count} 個`,
      giftOf: (streamer) => `${streamer} のプレゼント`,
      description: (streamer, goods) => `${streamer} のデジタルグッズ「${goods}」`,
    },
  },
  en: {
    campaign: {
      status: { draft: 'Draft', scheduled: 'Upcoming', live: 'Live now', ended: 'Ended' },
      prize: (name) => `Prize: ${name}`,
      period: (startsAt, endsAt) => `${enDates.format(startsAt)} – ${enDates.format(endsAt)} (JST)`,
      description: (streamer, lines) => `A campaign by ${streamer}. ${lines.join('. ')}`,
    },
    streamer: {
      badge: 'Streamer',
      counts: (followers, active) =>
        `${followers} ${followers === 1 ? 'follower' : 'followers'} · ${active} live or upcoming ${active === 1 ? 'campaign' : 'campaigns'}`,
      invitation: 'Follow on Hanabi and join the giveaways',
      description: (name, counts) => `${name} (a streamer on Hanabi). ${counts}`,
    },
    goods: {
      badge: 'Digital goods',
      holders: (count) => `Held by ${count} ${count === 1 ? 'person' : 'people'}`,
      supply: (count) => `Limited to ${count}`,
      giftOf: (streamer) => `A gift from ${streamer}`,
      description: (streamer, goods) => `“${goods}”, digital goods by ${streamer}`,
    },
  },
};

export function ogTexts(locale: OgLocale): OgTexts {
  return TEXTS[locale];
}

import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { announcementText } from './results-announcement';

describe('results announcement', () => {
  const url = 'https://hanabi.example/campaign/c1';

  it('says winner or winners in English by count, with the link', () => {
    expect(announcementText('en', 'Night', ['Aoi'], url)).toBe(
      `🎉 The winner of “Night” is Aoi! Results, the draw proof and how to claim: ${url}`,
    );
    expect(announcementText('en', 'Night', ['Aoi', 'Ren'], url)).toBe(
      `🎉 The winners of “Night” are Aoi, Ren! Results, the draw proof and how to claim: ${url}`,
    );
  });

  it('is in Japanese whatever the UI language is', () => {
    expect(i18n.resolvedLanguage).toBe('ja');
    const text = announcementText('ja', '花火', ['あおい', 'れん'], url);
    expect(text).toBe(
      `🎉「花火」の当選者は あおい、れん さんです！ 結果と抽選の証明、賞品の受け取りはこちら：${url}`,
    );
  });

  it('counts entrants and winners with English plural rules', () => {
    const en = i18n.getFixedT('en');
    expect(en('results.entrants', { count: 1 })).toBe('1 entrant');
    expect(en('results.entrants', { count: 3 })).toBe('3 entrants');
    expect(en('results.winnersCount', { count: 1 })).toBe('1 winner');
    expect(i18n.getFixedT('ja')('results.winnersCount', { count: 3 })).toBe('当選 3 名');
  });
});

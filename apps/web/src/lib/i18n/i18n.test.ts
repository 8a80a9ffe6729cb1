import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { LOCALE_STORAGE_KEY, currentLocale, i18n, setLocale } from './index';
import { ja } from './ja';

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function valuesOf(tree: object): unknown[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'object' && value !== null ? valuesOf(value) : [value],
  );
}

afterEach(async () => {
  await setLocale('ja');
});

describe('messages', () => {
  it('have identical key sets in Japanese and English', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ja).sort());
  });

  it('are all non-empty strings', () => {
    for (const value of [...valuesOf(ja), ...valuesOf(en)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const at = (tree: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
    for (const key of keysOf(ja)) {
      expect(vars(String(at(en, key))), key).toEqual(vars(String(at(ja, key))));
    }
  });

  it('keep the wording of the original', () => {
    expect(ja.toast.success).toBe('更新しました');
    expect(en.toast.success).toBe('Updated');
    expect(ja.toast.error).toBe('エラーが発生しました。再度ログインしてください。');
    expect(en.toast.error).toBe('An error occurred. Please log in again.');
    expect(ja.unsaved.message).toBe('保存されていないデータがあります。ページを離れますか？');
    expect(en.unsaved.message).toBe('You have unsaved changes. Leave this page?');
    expect(en.errors.network).toBe('Something bad happened; please try again later.');
  });
});

describe('i18n instance', () => {
  it('starts in Japanese', () => {
    expect(currentLocale()).toBe('ja');
    expect(i18n.t('toast.success')).toBe('更新しました');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('holds only Japanese until English is chosen, then loads its messages', async () => {
    // The web test setup preloads English for every other test: drop it to see the app's own start.
    i18n.removeResourceBundle('en', 'translation');
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    await setLocale('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('app.tagline')).toBe(en.app.tagline);
  });

  it('switches to English, persists the choice and updates <html lang>', async () => {
    await setLocale('en');
    expect(i18n.t('toast.success')).toBe('Updated');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('plurals', () => {
  it('follow the English plural rules (1 follower, 3 winners, Draw 1 winner)', () => {
    const en = i18n.getFixedT('en');
    expect(en('streamerDirectory.followers', { count: 1 })).toBe('1 follower');
    expect(en('streamerDirectory.followers', { count: 3 })).toBe('3 followers');
    expect(en('campaigns.detail.winners', { count: 1, copies: 2 })).toBe('1 winner, 2 each');
    expect(en('campaigns.detail.winners', { count: 3, copies: 1 })).toBe('3 winners, 1 each');
    expect(en('liveRoom.drawButton', { count: 1 })).toBe('Draw 1 winner');
    expect(en('liveRoom.drawButton', { count: 2 })).toBe('Draw 2 winners');
    expect(i18n.getFixedT('ja')('liveRoom.drawButton', { count: 1 })).toBe('1 名を抽選');
  });
});

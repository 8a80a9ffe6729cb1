import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from './en';
import { LOCALE_STORAGE_KEY, currentLocale, i18n, loadLocale, setLocale, useTranslation } from './index';
import type { Locale } from './index';
import { ja } from './ja';
import type * as JaModule from './ja';

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
  // Some tests change the English messages: all of them back, as the web test setup has them.
  i18n.removeResourceBundle('en');
  await loadLocale('en');
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
    i18n.removeResourceBundle('en');
    expect(i18n.hasResourceBundle('ja')).toBe(true);
    expect(i18n.hasResourceBundle('en')).toBe(false);
    await setLocale('en');
    expect(i18n.hasResourceBundle('en')).toBe(true);
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

describe('t', () => {
  it('interpolates values as they are (React escapes), `count` too', () => {
    expect(i18n.t('intro.signedInAs', { name: '<b>花子</b>' })).toBe(
      '<b>花子</b> さんとしてログインしています。',
    );
    expect(i18n.getFixedT('en')('intro.signedInAs', { name: 'A & B' })).toBe('You are signed in as A & B.');
    expect(i18n.t('streamerDirectory.followers', { count: 0 })).toBe('フォロワー 0人');
  });

  it("picks plural forms by the language's rules, falling back to `_other`", () => {
    const en = i18n.getFixedT('en');
    expect(en('streamerDirectory.followers', { count: 0 })).toBe('0 followers');
    expect(en('streamerDirectory.followers', { count: 1 })).toBe('1 follower');
    expect(en('streamerDirectory.followers', { count: 1.5 })).toBe('1.5 followers');
    // Japanese has one form ('other') for every number.
    expect(i18n.getFixedT('ja')('streamerDirectory.followers', { count: 1 })).toBe('フォロワー 1人');
    expect(i18n.getFixedT('ja')('streamerDirectory.followers', { count: 2 })).toBe('フォロワー 2人');
  });

  it('falls back to Japanese for a text missing in English, and shows the key of a text missing in both', async () => {
    i18n.removeResourceBundle('en');
    i18n.addResourceBundle('en', { toast: { success: 'Updated' } });
    await setLocale('en');
    expect(i18n.t('toast.success')).toBe('Updated');
    expect(i18n.t('toast.error')).toBe(ja.toast.error);
    expect(i18n.exists('toast.error')).toBe(true);
    expect(i18n.exists('toast.nothing')).toBe(false);
    expect(i18n.t('toast.nothing' as 'toast.error')).toBe('toast.nothing');
    // Not a text: a group of texts.
    expect(i18n.t('toast' as 'toast.error')).toBe('toast');
  });

  it("merges added messages into a language's, never replacing a text", () => {
    i18n.addResourceBundle('en', { toast: { success: 'Changed', brandNew: 'New' } });
    const en = i18n.getFixedT('en');
    expect(en('toast.success')).toBe('Updated');
    expect(en('toast.error')).toBe('An error occurred. Please log in again.');
    expect(en('toast.brandNew' as 'toast.error')).toBe('New');
  });

  it('types its keys', () => {
    // @ts-expect-error -- not a key of the messages
    expect(i18n.t('toast.nothing')).toBe('toast.nothing');
    // @ts-expect-error -- a plural text needs `count`
    expect(i18n.t('streamerDirectory.followers')).toBe('streamerDirectory.followers');
    // @ts-expect-error -- a group, not a text
    expect(i18n.t('toast')).toBe('toast');
    expect(i18n.t('streamerDirectory.followers_one', { count: 1 })).toBe('フォロワー 1人');
  });
});

function Shown({ lng }: { lng?: Locale }) {
  const { t } = useTranslation({ lng });
  return <p>{t('toast.success')}</p>;
}

describe('useTranslation', () => {
  it('draws again in the language chosen', async () => {
    render(<Shown />);
    expect(screen.getByText('更新しました')).toBeTruthy();
    await act(() => setLocale('en'));
    expect(screen.getByText('Updated')).toBeTruthy();
    await act(() => setLocale('ja'));
    expect(screen.getByText('更新しました')).toBeTruthy();
  });

  it('keeps the language it was given', async () => {
    render(<Shown lng="en" />);
    expect(screen.getByText('Updated')).toBeTruthy();
    await act(() => setLocale('ja'));
    expect(screen.getByText('Updated')).toBeTruthy();
  });
});

describe('later messages (decision 0190)', () => {
  it('show as nothing until they arrive, then the component draws them', async () => {
    // A fresh instance whose Japanese has only part of the texts and whose later messages wait on the test.
    let arrive: (later: object) => void = () => {};
    vi.resetModules();
    vi.doMock('./later-messages', () => ({
      laterMessages: { ja: () => new Promise<object>((resolve) => (arrive = resolve)), en: null },
    }));
    vi.doMock('./ja', async (original) => ({
      ...(await original<typeof JaModule>()),
      ja: { toast: { success: '更新しました' } },
    }));
    const fresh = await import('./index');
    function Later() {
      const { t } = fresh.useTranslation();
      return <p data-testid="later">{t('unsaved.message')}</p>;
    }
    render(<Later />);
    expect(screen.getByTestId('later').textContent).toBe('');
    expect(fresh.i18n.t('toast.success')).toBe('更新しました');
    const loaded = fresh.loadLocale('ja');
    await act(async () => {
      arrive({ unsaved: { message: ja.unsaved.message } });
      await loaded;
    });
    expect(screen.getByTestId('later').textContent).toBe(ja.unsaved.message);
    // Once they are in, a text missing from every message shows as its key.
    expect(fresh.i18n.t('unsaved.nothing' as 'unsaved.message')).toBe('unsaved.nothing');
    vi.doUnmock('./later-messages');
    vi.doUnmock('./ja');
    vi.resetModules();
  });
});

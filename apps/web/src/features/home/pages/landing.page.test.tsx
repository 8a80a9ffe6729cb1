import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('ja');
});

describe('/ after a platform connect that linked nothing', () => {
  it.each([
    ['ja', 'signInAgain', 'ログインしてから、もう一度連携してください'],
    ['en', 'browserMismatch', 'Sign in to your own Hanabi account, then connect again.'],
    ['en', 'signInAgain', 'Sign in to Hanabi, then connect again.'],
  ] as const)('says so once (%s, %s) and drops the query', async (locale, code, words) => {
    await setLocale(locale);
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    const { router } = renderApp(`/?connectError=${code}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringContaining(words) })),
    );
    expect(show).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.location.search).toBe(''));
  });
});

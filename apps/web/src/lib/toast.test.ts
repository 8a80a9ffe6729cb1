import { SUCCESS_TOAST_MS } from '@hanabi/api';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { setLocale } from './i18n';
import { errorMessageOf, showErrorToast, showSuccessToast } from './toast';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('ja');
});

describe('toasts', () => {
  it('show 「更新しました」 by default and close after 3 s', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showSuccessToast();
    expect(SUCCESS_TOAST_MS).toBe(3000);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '更新しました', autoClose: 3000 }));
  });

  it('show the error wording by default and stay until closed', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showErrorToast();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'エラーが発生しました。再度ログインしてください。',
        autoClose: false,
      }),
    );
  });

  it('follow the language', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await setLocale('en');
    showSuccessToast();
    showErrorToast();
    expect(show).toHaveBeenNthCalledWith(1, expect.objectContaining({ message: 'Updated' }));
    expect(show).toHaveBeenNthCalledWith(
      2,
      expect.objectContaining({ message: 'An error occurred. Please log in again.' }),
    );
  });

  it('accept a custom message', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showSuccessToast('保存しました');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '保存しました' }));
  });
});

describe('errorMessageOf', () => {
  it('translates network failures and keeps server messages', async () => {
    const network = new ApiError({ status: 0, code: 'NETWORK_ERROR', message: NETWORK_ERROR_MESSAGE });
    expect(errorMessageOf(network)).toBe('問題が発生しました。しばらくしてからもう一度お試しください。');
    await setLocale('en');
    expect(errorMessageOf(network)).toBe('Something bad happened; please try again later.');
    const server = new ApiError({ status: 409, code: 'CONFLICT', message: 'Already exists' });
    expect(errorMessageOf(server)).toBe('Already exists');
    expect(errorMessageOf(new Error('x'))).toBe('An error occurred. Please log in again.');
  });

  it('say a suspension in the reader’s language, not the server’s English', async () => {
    const suspended = new ApiError({
      status: 403,
      code: 'ACCOUNT_SUSPENDED',
      message: 'This account is suspended.',
    });
    expect(errorMessageOf(suspended)).toContain('このアカウントは運営により停止されています');
    await setLocale('en');
    expect(errorMessageOf(suspended)).toContain('This account has been suspended by the operators');
  });
});

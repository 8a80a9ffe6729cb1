import { ERROR_REASONS, GENERIC_ERROR_CODES, SUCCESS_TOAST_MS } from '@hanabi/api';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { i18n, setLocale } from './i18n';
import { serverErrorsEn, serverErrorsJa } from './i18n/sections/server-errors';
import { errorMessageOf, showErrorToast, showSuccessToast } from './toast';

afterEach(async () => {
  vi.restoreAllMocks();
  await setLocale('ja');
});

describe('toasts', () => {
  it('show 「更新しました」 by default and close after 3 s', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await showSuccessToast();
    expect(SUCCESS_TOAST_MS).toBe(3000);
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '更新しました', autoClose: 3000 }));
  });

  it('show the error wording by default and stay until closed', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await showErrorToast();
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
    await showSuccessToast();
    await showErrorToast();
    expect(show).toHaveBeenNthCalledWith(1, expect.objectContaining({ message: 'Updated' }));
    expect(show).toHaveBeenNthCalledWith(
      2,
      expect.objectContaining({ message: 'An error occurred. Please log in again.' }),
    );
  });

  it('accept a custom message', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    await showSuccessToast('保存しました');
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

describe('server errors in the reader’s language (decision 0078)', () => {
  const failure = (code: 'NOT_FOUND' | 'UNAUTHENTICATED' | 'CONFLICT', message: string, reason?: string) =>
    new ApiError({
      status: 400,
      code,
      message,
      body: { error: { code, message, ...(reason ? { reason } : {}) } },
    });

  it('translate a stable reason, then a generic code, else keep the server message', async () => {
    const missing = failure('NOT_FOUND', 'No campaign with this id.', 'campaignNotFound');
    expect(errorMessageOf(missing)).toBe('このキャンペーンは見つかりません。');
    expect(errorMessageOf(failure('UNAUTHENTICATED', 'Please sign in.'))).toBe('ログインしてください。');
    expect(errorMessageOf(failure('CONFLICT', 'Something specific.'))).toBe('Something specific.');
    expect(errorMessageOf(failure('NOT_FOUND', 'Gone.', 'noSuchReasonYet'))).toBe('Gone.');
    await setLocale('en');
    expect(errorMessageOf(missing)).toBe('No campaign with this id.');
  });

  it('have a text for every reason and generic code of the contract in both languages', () => {
    for (const lng of ['ja', 'en'] as const) {
      for (const reason of ERROR_REASONS) {
        expect(i18n.exists(`serverErrors.reason.${reason}`, { lng }), `${lng} ${reason}`).toBe(true);
      }
      for (const code of GENERIC_ERROR_CODES) {
        expect(i18n.exists(`serverErrors.code.${code}`, { lng }), `${lng} ${code}`).toBe(true);
      }
    }
    // Japanese texts are Japanese, not the English copied over.
    for (const reason of ERROR_REASONS) {
      const ja = serverErrorsJa.serverErrors.reason[reason];
      expect(ja, reason).not.toBe(serverErrorsEn.serverErrors.reason[reason]);
      expect(ja, reason).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    }
  });

  it('give the Japanese page the Japanese text of a real refusal, not the server’s English (decision 0205)', async () => {
    const notLive = new ApiError({
      status: 422,
      code: 'BUSINESS_RULE',
      message: 'You are not live on YouTube right now: start your broadcast, then try again.',
      body: {
        error: {
          code: 'BUSINESS_RULE',
          message: 'You are not live on YouTube right now: start your broadcast, then try again.',
          reason: 'notLiveOnPlatform',
        },
      },
    });
    expect(errorMessageOf(notLive)).toBe(
      '現在配信していないようです。配信を開始してから、もう一度お試しください。',
    );
    const invalid = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are not valid: body.title.',
      body: { error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid: body.title.' } },
    });
    expect(errorMessageOf(invalid)).toBe('入力内容を確認してください。');
    await setLocale('en');
    expect(errorMessageOf(notLive)).toBe('You are not live right now: start your broadcast, then try again.');
    expect(errorMessageOf(invalid)).toBe('Please check what you entered.');
  });
});

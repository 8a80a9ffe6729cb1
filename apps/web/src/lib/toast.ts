import { SUCCESS_TOAST_MS } from '@hanabi/api';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n';
import { isApiError } from './api-client';

/** Success toast: 「更新しました」 unless told otherwise; closes itself after SUCCESS_TOAST_MS (3 s). */
export function showSuccessToast(message?: string): string {
  return notifications.show({
    message: message ?? i18n.t('toast.success'),
    color: 'teal',
    autoClose: SUCCESS_TOAST_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** Error toast: the original's "an error occurred, log in again" unless told otherwise; stays until closed. */
export function showErrorToast(message?: string): string {
  return notifications.show({
    message: message ?? i18n.t('toast.error'),
    color: 'red',
    autoClose: false,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/**
 * The text to show for a failed call: the network wording (translated) when nothing came back,
 * the server's message when it answered with an error envelope, the default error text otherwise.
 */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError || error.code === 'UNEXPECTED_RESPONSE') return i18n.t('errors.network');
    // The server's wording is English only; a suspension is the one refusal a person must read in their language.
    if (error.code === 'ACCOUNT_SUSPENDED') return i18n.t('errors.accountSuspended');
    return error.message;
  }
  return i18n.t('toast.error');
}

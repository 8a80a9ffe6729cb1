import { SUCCESS_TOAST_MS } from '@hanabi/api';
import type { NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';
import { isApiError } from './api-client';
import { serverErrorText } from './server-error-text';

/**
 * Mantine's notifications store is fetched with the first toast (decision 0103): pages that may show one (the
 * like and watch buttons of the public campaign page) keep it out of their first load. The host that draws
 * them loads after the first paint (providers.tsx); toasts wait in the store until it mounts.
 */
function show(data: NotificationData): Promise<void> {
  return import('@mantine/notifications').then(({ notifications }) => {
    notifications.show(data);
  });
}

/** Success toast: 「更新しました」 unless told otherwise; closes itself after SUCCESS_TOAST_MS (3 s). */
export function showSuccessToast(message?: string): Promise<void> {
  return show({
    message: message ?? i18n.t('toast.success'),
    color: 'teal',
    autoClose: SUCCESS_TOAST_MS,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/** Error toast: the original's "an error occurred, log in again" unless told otherwise; stays until closed. */
export function showErrorToast(message?: string): Promise<void> {
  return show({
    message: message ?? i18n.t('toast.error'),
    color: 'red',
    autoClose: false,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}

/**
 * The text to show for a failed call, in the reader's language: the network wording when nothing came back, the
 * web's text for the envelope's reason or generic code when it answered with one (decision 0205), the server's
 * English message only for an envelope from a newer server with a case this web does not know yet.
 */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError || error.code === 'UNEXPECTED_RESPONSE') return i18n.t('errors.network');
    // A suspension has the longer text of its own: what it means and whom to ask.
    if (error.code === 'ACCOUNT_SUSPENDED') return i18n.t('errors.accountSuspended');
    return serverErrorText(error.body, error.code) ?? error.message;
  }
  return i18n.t('toast.error');
}

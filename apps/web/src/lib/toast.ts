import { ERROR_REASONS, SUCCESS_TOAST_MS, type ErrorReason } from '@hanabi/api';
import type { NotificationData } from '@mantine/notifications';
import { i18n } from './i18n';
import { isApiError } from './api-client';

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
 * The text to show for a failed call: the network wording (translated) when nothing came back,
 * the server's message when it answered with an error envelope, the default error text otherwise.
 */
const TRANSLATED_CODES = { UNAUTHENTICATED: true, RATE_LIMITED: true, INTERNAL: true, UNAVAILABLE: true };
type TranslatedCode = keyof typeof TRANSLATED_CODES;

function reasonOf(body: unknown): ErrorReason | null {
  const reason = (body as { error?: { reason?: unknown } } | null)?.error?.reason;
  return typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason)
    ? (reason as ErrorReason)
    : null;
}

export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) {
    if (error.isNetworkError || error.code === 'UNEXPECTED_RESPONSE') return i18n.t('errors.network');
    // The server's wording is English only; a suspension is the one refusal a person must read in their language.
    if (error.code === 'ACCOUNT_SUSPENDED') return i18n.t('errors.accountSuspended');
    // A stable reason or a generic envelope code has the web's own text (decision 0078); else the server's words.
    const reason = reasonOf(error.body);
    if (reason) return i18n.t(`serverErrors.reason.${reason}`);
    if (error.code in TRANSLATED_CODES) return i18n.t(`serverErrors.code.${error.code as TranslatedCode}`);
    return error.message;
  }
  return i18n.t('toast.error');
}

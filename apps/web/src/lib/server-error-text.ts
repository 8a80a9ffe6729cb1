import { ERROR_REASONS, isGenericErrorCode, type ErrorReason } from '@hanabi/api';
import { i18n } from './i18n';

function reasonOf(body: unknown): ErrorReason | null {
  const reason = (body as { error?: { reason?: unknown } } | null)?.error?.reason;
  return typeof reason === 'string' && (ERROR_REASONS as readonly string[]).includes(reason)
    ? (reason as ErrorReason)
    : null;
}

/**
 * The web's own text for a server error envelope (decisions 0078, 0205): its reason's text, else its generic
 * code's; undefined for a case this web does not know yet (a newer server), where the caller falls back.
 */
export function serverErrorText(body: unknown, code?: string): string | undefined {
  const reason = reasonOf(body);
  if (reason) return i18n.t(`serverErrors.reason.${reason}`);
  const envelopeCode = code ?? (body as { error?: { code?: unknown } } | null)?.error?.code;
  if (typeof envelopeCode === 'string' && isGenericErrorCode(envelopeCode))
    return i18n.t(`serverErrors.code.${envelopeCode}`);
  return undefined;
}

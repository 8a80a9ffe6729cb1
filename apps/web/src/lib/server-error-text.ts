import { GENERIC_ERROR_CODES, type GenericErrorCode } from '@hanabi/api';
import { i18n } from './i18n';

/**
 * Where the reasons' texts are. Built from a variable so the build's message split (decision 0190) does not count
 * them as named by the first load: ~90 reasons in two languages stay in the later messages, which have arrived by
 * the time anyone is refused (they load right after the first paint). A reason without a text here — not loaded
 * yet, or named by a newer server — falls back to the server's words.
 */
const REASONS: string = ['serverErrors', 'reason'].join('.');

function reasonKeyOf(body: unknown): string | null {
  const reason = (body as { error?: { reason?: unknown } } | null)?.error?.reason;
  if (typeof reason !== 'string' || !/^[a-zA-Z]+$/.test(reason)) return null;
  const key = `${REASONS}.${reason}`;
  return i18n.exists(key) ? key : null;
}

/**
 * The web's own text for a server error envelope (decisions 0078, 0205): its reason's text, else its generic
 * code's; undefined for a case this web does not know yet (a newer server), where the caller falls back.
 */
export function serverErrorText(body: unknown, code?: string): string | undefined {
  const reasonKey = reasonKeyOf(body);
  if (reasonKey) return i18n.t(reasonKey as never);
  const envelopeCode = code ?? (body as { error?: { code?: unknown } } | null)?.error?.code;
  if (typeof envelopeCode === 'string' && (GENERIC_ERROR_CODES as readonly string[]).includes(envelopeCode))
    return i18n.t(`serverErrors.code.${envelopeCode as GenericErrorCode}`);
  return undefined;
}

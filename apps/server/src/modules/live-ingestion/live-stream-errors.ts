import type { LiveStreamErrorCode } from '@hanabi/api';

/** The platform's product name, as its driver gives it (`YouTube`). */
type PlatformName = string;

/**
 * The English of each `live_stream.last_error` case (decision 0205). The column keeps the text (logs, the API's
 * fallback, rows written before codes existed); the read model finds the case again from it, so the web can word it
 * in the reader's language without another column. Each pattern matches only its own builder's text (a test).
 */
export const liveStreamErrorText = {
  chatGone: (name: PlatformName) => `${name} no longer finds this broadcast's chat; reading stopped.`,
  chatDisabled: (name: PlatformName) => `Chat is turned off for this ${name} broadcast.`,
  projectQuotaUsedUp: () =>
    "YouTube's daily API quota for Hanabi is used up. Reading resumes after midnight Pacific time.",
  projectQuotaBudgetSpent: (used: number, limit: number) =>
    `Hanabi's YouTube quota for today is used up (${used} of ${limit} units, all streams). Reading resumes after midnight Pacific time.`,
  streamQuotaBudgetSpent: (used: number, budget: number) =>
    `Today's YouTube quota budget for this stream is used up (${used} of ${budget} units). Reading resumes after midnight Pacific time.`,
  accessRevoked: (name: PlatformName) =>
    `${name} no longer accepts Hanabi's access to your account. Connect it again, then start reading again.`,
  chatRefused: (name: PlatformName) => `${name} refused to show this chat to the connected account.`,
  readFailedRetrying: (name: PlatformName, seconds: number) =>
    `Could not read the ${name} chat just now; retrying in ${seconds} s.`,
} satisfies Record<LiveStreamErrorCode, (...args: never[]) => string>;

// Any platform's one-word product name: the texts come from the driver's `name`.
const NAME = '[\\w.-]+';
const PATTERNS: [LiveStreamErrorCode, RegExp][] = [
  ['chatGone', new RegExp(`^${NAME} no longer finds this broadcast's chat`)],
  ['chatDisabled', new RegExp(`^Chat is turned off for this ${NAME} broadcast`)],
  ['projectQuotaUsedUp', /^YouTube's daily API quota for Hanabi is used up/],
  ['projectQuotaBudgetSpent', /^Hanabi's YouTube quota for today is used up/],
  ['streamQuotaBudgetSpent', /^Today's YouTube quota budget for this stream is used up/],
  ['accessRevoked', new RegExp(`^${NAME} no longer accepts Hanabi's access to your account`)],
  ['chatRefused', new RegExp(`^${NAME} refused to show this chat`)],
  ['readFailedRetrying', new RegExp(`^Could not read the ${NAME} chat just now`)],
];

/** The case of a stored `last_error`; null for none or a text of no known case (the web shows the English). */
export function liveStreamErrorCodeOf(lastError: string | null): LiveStreamErrorCode | null {
  if (!lastError) return null;
  return PATTERNS.find(([, pattern]) => pattern.test(lastError))?.[0] ?? null;
}

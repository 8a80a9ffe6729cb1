import type { ErrorReason } from '@hanabi/api';

/** An id a recipient list names, checked: the id to match and hold under, or why it is not one. */
export type RecipientIdCheck = { ok: true; id: string } | { ok: false; reason: string };

/** Why a list's handles could not be turned into stable ids: the whole list is refused (422). */
export interface RecipientRefusal {
  reason: ErrorReason;
  message: string;
  /** The short line for the list field. */
  detail: string;
}

/**
 * How a manual-distribution list names an account on this platform: bare when the id is recognisable by its
 * shape, else written `<platform id>:<id>`.
 */
export interface PlatformRecipients {
  /** What the platform's account id is called in messages (`YouTube channel id`). */
  idNoun: string;
  /** The shape that makes a bare row this platform's id; null where ids look like anything (always prefixed). */
  shape: RegExp | null;
  /** The id written after `<platform id>:` (or recognised bare), checked. */
  check(id: string): RecipientIdCheck;
  /**
   * Where a row may name a changeable handle: every id in `ids` answered with the stable id the platform gives
   * it today (stable ids as they are) or why it names nobody. Asked before the distribution's transaction.
   * Absent where rows can only name stable ids.
   */
  resolve?(
    ids: readonly string[],
  ): Promise<
    { ok: true; ids: ReadonlyMap<string, RecipientIdCheck> } | { ok: false; refusal: RecipientRefusal }
  >;
}

import { isLiveAdapterError, type PlatformRecipients, type RecipientIdCheck } from '../live-chat/index.ts';
import type { TwitCastingApi } from './twitcasting.adapter.ts';

/** TwitCasting user ids are numeric; screen ids are letters, digits and `_` (`c:` for some). */
const TWITCASTING_ID = /^(c:)?[0-9A-Za-z_]{1,64}$/;
/** TwitCasting's numeric user ids: the stable key (a screen id can be changed, then taken by someone else). */
export const TWITCASTING_USER_ID = /^[0-9]+$/;

/**
 * Screen ids looked up per list. The API allows about 60 calls a minute per app (twitcasting.md §rate limits),
 * and preview + send ask twice: a longer list should name numeric user ids.
 */
export const MAX_SCREEN_ID_LOOKUPS = 20;

/**
 * A list names a TwitCasting account as `twitcasting:<id>` (ids look like anything, so never bare), by numeric
 * user id or screen id. `resolve` turns each screen id into the numeric user id TwitCasting answers for it today
 * (`GET /users/:screen_id`, decision 0061), so what is held or matched is the stable id; a screen id nobody has
 * names nobody. Numeric ids pass as they are.
 */
export function twitcastingRecipients(api: TwitCastingApi): PlatformRecipients {
  return {
    idNoun: 'TwitCasting user id',
    shape: null,
    check: (id) =>
      TWITCASTING_ID.test(id)
        ? { ok: true, id }
        : { ok: false, reason: 'a TwitCasting user id is letters, digits and _ (up to 64)' },
    async resolve(ids) {
      const screenIds = [...new Set(ids.filter((id) => !TWITCASTING_USER_ID.test(id)))];
      if (screenIds.length > MAX_SCREEN_ID_LOOKUPS) {
        return {
          ok: false,
          refusal: {
            reason: 'tooManyTwitcastingIds',
            message: `This list names ${screenIds.length} TwitCasting screen ids; at most ${MAX_SCREEN_ID_LOOKUPS} can be looked up at once. Write the numeric TwitCasting user ids (twitcasting:<number>) instead.`,
            detail: 'too many TwitCasting screen ids to look up',
          },
        };
      }
      const answered = new Map<string, RecipientIdCheck>(
        ids.filter((id) => TWITCASTING_USER_ID.test(id)).map((id) => [id, { ok: true, id }]),
      );
      for (const screenId of screenIds) {
        try {
          const user = await api.userInfo(screenId);
          answered.set(
            screenId,
            user?.id && TWITCASTING_USER_ID.test(user.id)
              ? { ok: true, id: user.id }
              : { ok: false, reason: `no TwitCasting user has the screen id "${screenId}"` },
          );
        } catch (error) {
          const why = isLiveAdapterError(error, 'rateLimited')
            ? 'is busy (rate limit)'
            : 'could not be reached';
          return {
            ok: false,
            refusal: {
              reason: 'twitcastingIdUnresolved',
              message: `TwitCasting ${why}, so the screen id "${screenId}" could not be turned into its user id. Try again later, or write the numeric TwitCasting user id (twitcasting:<number>).`,
              detail: `TwitCasting screen id "${screenId}" not resolved`,
            },
          };
        }
      }
      return { ok: true, ids: answered };
    },
  };
}

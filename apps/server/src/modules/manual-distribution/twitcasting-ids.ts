import type { TwitCastingApi } from '../../adapters/twitcasting/index.ts';
import { isLiveAdapterError } from '../../adapters/live-chat/index.ts';
import { businessRule } from '../../lib/app-error.ts';
import type { ParsedRecipient } from './recipient-parser.ts';

/** TwitCasting's numeric user ids: the stable key (a screen id can be changed, then taken by someone else). */
export const TWITCASTING_USER_ID = /^[0-9]+$/;

/**
 * Screen ids looked up per list. The API allows about 60 calls a minute per app (twitcasting.md §rate limits),
 * and preview + send ask twice: a longer list should name numeric user ids.
 */
export const MAX_SCREEN_ID_LOOKUPS = 20;

/**
 * Rewrites every `twitcasting:<screen id>` row to the numeric user id TwitCasting answers for it today
 * (`GET /users/:screen_id`, decision 0061), so what is held or matched is the stable id; a screen id nobody
 * has becomes an invalid row (400 on sending). Numeric ids pass as they are. Runs before the distribution's
 * transaction: no lock is held while the platform answers. 422 when TwitCasting cannot be asked.
 */
export async function resolveTwitcastingIds(
  parsed: readonly ParsedRecipient[],
  api: TwitCastingApi,
): Promise<ParsedRecipient[]> {
  const screenIds = [
    ...new Set(
      parsed.flatMap((item) =>
        item.ok && item.kind === 'twitcasting' && !TWITCASTING_USER_ID.test(item.id) ? [item.id] : [],
      ),
    ),
  ];
  if (screenIds.length > MAX_SCREEN_ID_LOOKUPS) {
    throw businessRule(
      'tooManyTwitcastingIds',
      `This list names ${screenIds.length} TwitCasting screen ids; at most ${MAX_SCREEN_ID_LOOKUPS} can be looked up at once. Write the numeric TwitCasting user ids (twitcasting:<number>) instead.`,
      [{ field: 'body.distributionList', message: 'too many TwitCasting screen ids to look up' }],
    );
  }
  const found = new Map<string, string | null>();
  for (const screenId of screenIds) {
    try {
      const user = await api.userInfo(screenId);
      found.set(screenId, user?.id && TWITCASTING_USER_ID.test(user.id) ? user.id : null);
    } catch (error) {
      const why = isLiveAdapterError(error, 'rateLimited') ? 'is busy (rate limit)' : 'could not be reached';
      throw businessRule(
        'twitcastingIdUnresolved',
        `TwitCasting ${why}, so the screen id "${screenId}" could not be turned into its user id. Try again later, or write the numeric TwitCasting user id (twitcasting:<number>).`,
        [{ field: 'body.distributionList', message: `TwitCasting screen id "${screenId}" not resolved` }],
      );
    }
  }
  return parsed.map((item) => {
    if (!item.ok || item.kind !== 'twitcasting' || TWITCASTING_USER_ID.test(item.id)) return item;
    const userId = found.get(item.id);
    return userId
      ? { ...item, id: userId }
      : { ok: false, kind: 'twitcasting', reason: `no TwitCasting user has the screen id "${item.id}"` };
  });
}

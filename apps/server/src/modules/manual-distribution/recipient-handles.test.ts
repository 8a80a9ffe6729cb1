import { describe, expect, it } from 'vitest';
import { LiveAdapterError } from '../../adapters/live-chat/live-chat.types.ts';
import type { TwitCastingApi, TwitCastingUser } from '../../adapters/twitcasting/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { MAX_SCREEN_ID_LOOKUPS } from '../../adapters/twitcasting/twitcasting-recipients.ts';
import { parseRecipient } from './recipient-parser.ts';
import { resolveRecipientHandles } from './recipient-handles.ts';
import { platformsFor } from './recipient-test-support.ts';

/** The rows parsed, then their handles resolved by the drivers (TwitCasting's over `api`). */
function resolveTwitcastingIds(rows: ReturnType<typeof parseRecipient>[], api: TwitCastingApi) {
  return resolveRecipientHandles(rows, platformsFor(api));
}
const parse = (text: string) => parseRecipient(text, platformsFor());

/** Only `userInfo` is asked; anything else would be a mistake of the code under test. */
function fakeApi(answer: (idOrScreenId: string) => Promise<TwitCastingUser | null>) {
  const asked: string[] = [];
  const api = {
    userInfo: async (idOrScreenId: string) => {
      asked.push(idOrScreenId);
      return answer(idOrScreenId);
    },
  } as unknown as TwitCastingApi;
  return { api, asked };
}

const user = (id: string, screenId: string): TwitCastingUser => ({
  id,
  screenId,
  name: screenId,
  imageUrl: null,
  isLive: false,
});

describe('handles resolved to stable ids by their driver: TwitCasting screen ids to numeric user ids', () => {
  it('asks once per screen id, keeps numeric ids and other rows, and marks unknown screen ids invalid', async () => {
    const { api, asked } = fakeApi(async (name) => (name === 'hanabi_fan' ? user('182224938', name) : null));
    const rows = [
      'twitcasting:hanabi_fan',
      'twitcasting:hanabi_fan',
      'twitcasting:42',
      'twitcasting:gone',
      'UCabcdefghijklmnopqrstuv',
    ];
    const resolved = await resolveTwitcastingIds(rows.map(parse), api);
    expect(asked).toEqual(['hanabi_fan', 'gone']);
    expect(resolved).toEqual([
      { ok: true, kind: 'twitcasting', id: '182224938' },
      { ok: true, kind: 'twitcasting', id: '182224938' },
      { ok: true, kind: 'twitcasting', id: '42' },
      { ok: false, kind: 'twitcasting', reason: 'no TwitCasting user has the screen id "gone"' },
      { ok: true, kind: 'youtube', id: 'UCabcdefghijklmnopqrstuv' },
    ]);
  });

  it('refuses with 422 when TwitCasting cannot be asked, or when the list names too many screen ids', async () => {
    const down = fakeApi(async () => {
      throw new LiveAdapterError('retryable', 'twitcasting', 'unavailable', 'users: network');
    });
    const error = await resolveTwitcastingIds([parse('twitcasting:someone')], down.api).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'BUSINESS_RULE',
      message: expect.stringContaining('could not be reached'),
    });

    const { api, asked } = fakeApi(async (name) => user('1', name));
    const many = Array.from({ length: MAX_SCREEN_ID_LOOKUPS + 1 }, (_, i) => parse(`twitcasting:fan_${i}`));
    await expect(resolveTwitcastingIds(many, api)).rejects.toMatchObject({ code: 'BUSINESS_RULE' });
    expect(asked).toEqual([]);
    // Numeric ids need no lookup, however many.
    const numeric = Array.from({ length: 100 }, (_, i) => parse(`twitcasting:${1000 + i}`));
    expect(await resolveTwitcastingIds(numeric, api)).toHaveLength(100);
    expect(asked).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRecipient as parseWith } from './recipient-parser.ts';
import { platformsFor } from './recipient-test-support.ts';

const platforms = platformsFor();
const parseRecipient = (text: string) => parseWith(text, platforms);

describe('parseRecipient', () => {
  it('recognises addresses, channel ids and user ids by shape, and checksums addresses', () => {
    expect(parseRecipient('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toEqual({
      ok: true,
      kind: 'wallet',
      id: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(parseRecipient(' UCabcdefghijklmnopqrstuv ')).toEqual({
      ok: true,
      kind: 'youtube',
      id: 'UCabcdefghijklmnopqrstuv',
    });
    expect(parseRecipient('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toEqual({
      ok: true,
      kind: 'user',
      id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    });
  });

  it('takes an explicit kind prefix, which TwitCasting ids need', () => {
    expect(parseRecipient('twitcasting:hanabi_fan')).toEqual({
      ok: true,
      kind: 'twitcasting',
      id: 'hanabi_fan',
    });
    expect(parseRecipient('TwitCasting: c:someone')).toEqual({
      ok: true,
      kind: 'twitcasting',
      id: 'c:someone',
    });
    expect(parseRecipient('hanabi_fan')).toEqual({
      ok: false,
      kind: null,
      reason:
        'not a wallet address, YouTube channel id or Hanabi user id; write twitcasting:<id> for a TwitCasting user',
    });
  });

  it('explains what is wrong', () => {
    expect(parseRecipient('0x1234')).toMatchObject({
      ok: false,
      kind: 'wallet',
      reason: expect.stringContaining('40'),
    });
    expect(parseRecipient('0x5aAeb6053f3E94C9b9A09f33669435E7Ef1BeAed')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('checksum'),
    });
    expect(parseRecipient('0x0000000000000000000000000000000000000000')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('zero address'),
    });
    expect(parseRecipient('youtube:UCshort')).toMatchObject({ ok: false, kind: 'youtube' });
    expect(parseRecipient('user:nope')).toMatchObject({ ok: false, kind: 'user' });
    expect(parseRecipient('twitcasting:has space')).toMatchObject({ ok: false, kind: 'twitcasting' });
  });
});

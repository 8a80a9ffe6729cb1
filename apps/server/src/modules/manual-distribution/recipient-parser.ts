import type { RecipientKind } from '@hanabi/api';
import { parseWalletAddress } from '../../adapters/chain/index.ts';

export type ParsedRecipient =
  { ok: true; kind: RecipientKind; id: string } | { ok: false; kind: RecipientKind | null; reason: string };

const PREFIXED = /^(user|wallet|youtube|twitcasting):\s*(.+)$/i;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** YouTube channel ids: `UC` and 22 base64url characters. */
const YOUTUBE_CHANNEL = /^UC[0-9A-Za-z_-]{22}$/;
/** TwitCasting user ids are numeric; screen ids are letters, digits and `_` (`c:` for some). */
const TWITCASTING_ID = /^(c:)?[0-9A-Za-z_]{1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO_ADDRESS = /^0x0{40}$/;

/**
 * What a distribution-list row names: a Hanabi user id, a wallet address, a YouTube channel id or a TwitCasting
 * user id. Addresses, channel ids and user ids are recognised by their shape; a `kind:` prefix makes any row
 * explicit (TwitCasting ids need one — they look like anything).
 */
export function parseRecipient(text: string): ParsedRecipient {
  const trimmed = text.trim();
  const prefixed = PREFIXED.exec(trimmed);
  if (prefixed) return checked(prefixed[1]!.toLowerCase() as RecipientKind, prefixed[2]!.trim());
  // Anything starting 0x was meant as an address: say what is wrong with it.
  if (ADDRESS.test(trimmed) || /^0x/i.test(trimmed)) return checked('wallet', trimmed);
  if (YOUTUBE_CHANNEL.test(trimmed)) return checked('youtube', trimmed);
  if (UUID.test(trimmed)) return checked('user', trimmed);
  return {
    ok: false,
    kind: null,
    reason:
      'not a wallet address, YouTube channel id or Hanabi user id; write twitcasting:<id> for a TwitCasting user',
  };
}

function checked(kind: RecipientKind, id: string): ParsedRecipient {
  switch (kind) {
    case 'wallet': {
      const parsed = parseWalletAddress(id);
      if (!parsed.ok) return { ok: false, kind, reason: parsed.reason };
      if (ZERO_ADDRESS.test(parsed.address))
        return { ok: false, kind, reason: 'the zero address cannot receive' };
      return { ok: true, kind, id: parsed.address };
    }
    case 'youtube':
      return YOUTUBE_CHANNEL.test(id)
        ? { ok: true, kind, id }
        : { ok: false, kind, reason: 'a YouTube channel id is UC followed by 22 characters' };
    case 'twitcasting':
      return TWITCASTING_ID.test(id)
        ? { ok: true, kind, id }
        : { ok: false, kind, reason: 'a TwitCasting user id is letters, digits and _ (up to 64)' };
    case 'user':
      return UUID.test(id)
        ? { ok: true, kind, id: id.toLowerCase() }
        : { ok: false, kind, reason: 'a Hanabi user id looks like 8-4-4-4-12 hexadecimal digits' };
  }
}

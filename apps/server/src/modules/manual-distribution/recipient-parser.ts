import { LIVE_PLATFORMS, type LivePlatform, type RecipientKind } from '@hanabi/api';
import type { LivePlatformRegistry } from '../../adapters/live-platforms/index.ts';
import { parseWalletAddress } from '../../adapters/chain/index.ts';

export type ParsedRecipient =
  { ok: true; kind: RecipientKind; id: string } | { ok: false; kind: RecipientKind | null; reason: string };

const PREFIXED = new RegExp(`^(user|wallet|${LIVE_PLATFORMS.join('|')}):\\s*(.+)$`, 'i');
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO_ADDRESS = /^0x0{40}$/;

const isPlatform = (kind: string): kind is LivePlatform =>
  (LIVE_PLATFORMS as readonly string[]).includes(kind);

/**
 * What a distribution-list row names: a Hanabi user id, a wallet address or a platform account (each platform's
 * driver says how its ids look). Addresses, user ids and the platform ids that have a shape are recognised as
 * they are; a `kind:` prefix makes any row explicit (ids that look like anything need one).
 */
export function parseRecipient(text: string, platforms: LivePlatformRegistry): ParsedRecipient {
  const trimmed = text.trim();
  const prefixed = PREFIXED.exec(trimmed);
  if (prefixed) return checked(prefixed[1]!.toLowerCase() as RecipientKind, prefixed[2]!.trim(), platforms);
  // Anything starting 0x was meant as an address: say what is wrong with it.
  if (ADDRESS.test(trimmed) || /^0x/i.test(trimmed)) return checked('wallet', trimmed, platforms);
  const drivers = platforms.all();
  const recognised = drivers.find((driver) => driver.recipients.shape?.test(trimmed));
  if (recognised) return checked(recognised.id, trimmed, platforms);
  if (UUID.test(trimmed)) return checked('user', trimmed, platforms);
  const kinds = [
    'wallet address',
    ...drivers.flatMap((driver) => (driver.recipients.shape ? [driver.recipients.idNoun] : [])),
    'Hanabi user id',
  ];
  // Platforms whose ids have no shape are only ever written with their prefix: say how.
  const prefixOnly = drivers.flatMap((driver) =>
    driver.recipients.shape ? [] : [`write ${driver.id}:<id> for a ${driver.name} user`],
  );
  return {
    ok: false,
    kind: null,
    reason: [`not a ${kinds.slice(0, -1).join(', ')} or ${kinds.at(-1)}`, ...prefixOnly].join('; '),
  };
}

function checked(kind: RecipientKind, id: string, platforms: LivePlatformRegistry): ParsedRecipient {
  if (isPlatform(kind)) {
    const check = platforms.get(kind).recipients.check(id);
    return check.ok ? { ok: true, kind, id: check.id } : { ok: false, kind, reason: check.reason };
  }
  if (kind === 'wallet') {
    const parsed = parseWalletAddress(id);
    if (!parsed.ok) return { ok: false, kind, reason: parsed.reason };
    if (ZERO_ADDRESS.test(parsed.address))
      return { ok: false, kind, reason: 'the zero address cannot receive' };
    return { ok: true, kind, id: parsed.address };
  }
  return UUID.test(id)
    ? { ok: true, kind, id: id.toLowerCase() }
    : { ok: false, kind, reason: 'a Hanabi user id looks like 8-4-4-4-12 hexadecimal digits' };
}

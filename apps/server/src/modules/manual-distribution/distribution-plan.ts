import type { PreviewRow } from '@hanabi/api';
import type { RecipientUser, WantedAccount } from './manual-distribution.repository.ts';
import type { ParsedRecipient } from './recipient-parser.ts';
import { LIVE_PLATFORMS, type LivePlatform } from '@hanabi/api';

const isPlatform = (kind: string): kind is LivePlatform =>
  (LIVE_PLATFORMS as readonly string[]).includes(kind);
const accountKey = (platform: string, platformUserId: string) => `${platform}:${platformUserId}`;

/** Where a held row waits: the identity that will claim it. */
export interface HoldTarget {
  platform: LivePlatform | 'hanabi';
  platformUserId: string;
  userId: string | null;
}

export interface PlannedRow extends PreviewRow {
  hold: HoldTarget | null;
}

export interface DistributionPlan {
  rows: PlannedRow[];
  totalAmount: number;
}

/** The identities a list names, for one query over users. */
export function identitiesOf(parsed: readonly ParsedRecipient[]) {
  const pick = (kind: string) => parsed.flatMap((item) => (item.ok && item.kind === kind ? [item.id] : []));
  const accounts: WantedAccount[] = parsed.flatMap((item) =>
    item.ok && isPlatform(item.kind) ? [{ platform: item.kind, platformUserId: item.id }] : [],
  );
  return { userIds: pick('user'), wallets: pick('wallet'), accounts };
}

/**
 * Decides each row: deliver to an address now, hold for an identity nobody has linked (or a user without a
 * wallet), skip as a duplicate of an earlier row naming the same recipient, or refuse as invalid. `parsed` are
 * the rows as parsed, handles already turned into stable ids (TwitCasting screen ids into numeric user ids,
 * decision 0061): platform rows match and are held under the stable id only.
 */
export function planDistribution(
  list: ReadonlyArray<{ recipient: string; amount: number }>,
  users: readonly RecipientUser[],
  parsedRows: readonly ParsedRecipient[],
): DistributionPlan {
  const byId = new Map(users.map((user) => [user.id, user]));
  const byWallet = new Map(
    users.flatMap((user) => (user.walletAddress ? [[user.walletAddress.toLowerCase(), user]] : [])),
  );
  const byAccount = new Map(
    users.flatMap((user) =>
      user.identities.map(
        (identity) => [accountKey(identity.platform, identity.platformUserId), user] as const,
      ),
    ),
  );
  const firstRowOf = new Map<string, number>();
  let totalAmount = 0;

  const rows = list.map((input, row): PlannedRow => {
    const base = {
      row,
      recipient: input.recipient,
      amount: input.amount,
      userId: null,
      userName: null,
      address: null,
      duplicateOf: null,
      reason: null,
      hold: null,
    };
    const parsed = parsedRows[row]!;
    if (!parsed.ok) return { ...base, kind: parsed.kind, outcome: 'invalid', reason: parsed.reason };
    const kind = parsed.kind;
    let user: RecipientUser | undefined;
    if (kind === 'user') user = byId.get(parsed.id);
    if (kind === 'wallet') user = byWallet.get(parsed.id.toLowerCase());
    if (isPlatform(kind)) user = byAccount.get(accountKey(kind, parsed.id));
    if (kind === 'user' && !user) {
      return { ...base, kind, outcome: 'invalid', reason: 'no Hanabi user has this id' };
    }
    const address = kind === 'wallet' ? parsed.id : (user?.walletAddress ?? null);
    const hold: HoldTarget | null = address
      ? null
      : user
        ? { platform: 'hanabi', platformUserId: user.id, userId: user.id }
        : { platform: kind as LivePlatform, platformUserId: parsed.id, userId: null };
    const identity = address
      ? `address:${address.toLowerCase()}`
      : `${hold!.platform}:${hold!.platformUserId}`;
    const resolved = { ...base, kind, userId: user?.id ?? null, userName: user?.name ?? null, address };
    const earlier = firstRowOf.get(identity);
    if (earlier !== undefined) return { ...resolved, outcome: 'duplicate', duplicateOf: earlier };
    firstRowOf.set(identity, row);
    totalAmount += input.amount;
    return address ? { ...resolved, outcome: 'deliver' } : { ...resolved, outcome: 'hold', hold };
  });
  return { rows, totalAmount };
}

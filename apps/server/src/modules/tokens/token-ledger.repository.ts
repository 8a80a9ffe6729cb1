import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parseWalletAddress } from '../../adapters/chain/index.ts';
import { chainOperation, delivery } from '../../db/schema.ts';

/**
 * Hanabi's one record of what exists and who holds it (decision 0096): its confirmed writes on the token — the
 * operator's mints, transfers and burns (`chain_operation`) and every confirmed delivery, which is a mint to its
 * recipient (`delivery`). The wallet's "Hanabi record", the operator's supply and a token's holders all come from
 * here, so they agree with each other and with the collection's confirmed prizes.
 */
export class TokenLedgerRepository {
  constructor(private readonly db: Db) {}

  /** Per token id, the net amount Hanabi's confirmed writes moved to `address`, for the ids that ever touched it. */
  async holdingsOf(address: string): Promise<Map<string, bigint>> {
    // Addresses are stored EIP-55 checksummed (the routes and the delivery engine write them so).
    const checksummed = checksum(address);
    if (!checksummed) return new Map();
    const lower = checksummed.toLowerCase();
    const [operations, deliveries] = await Promise.all([
      // Operator input is checked for EIP-55 but may be all lowercase; the table is small.
      this.confirmedWrites(
        sql`(lower(${chainOperation.toAddress}) = ${lower} or lower(${chainOperation.fromAddress}) = ${lower})`,
      ),
      this.db
        .select({ tokenId: delivery.tokenId, amount: sql<string>`sum(${delivery.amount})` })
        .from(delivery)
        .where(and(eq(delivery.status, 'confirmed'), eq(delivery.recipientAddress, checksummed)))
        .groupBy(delivery.tokenId),
    ]);
    const net = new Map<string, bigint>();
    const add = (tokenId: string, amount: bigint) => net.set(tokenId, (net.get(tokenId) ?? 0n) + amount);
    for (const row of deliveries) add(row.tokenId, whole(row.amount));
    for (const row of operations) {
      const amount = whole(row.amount);
      if (row.kind !== 'burn' && row.to?.toLowerCase() === lower) add(row.tokenId, amount);
      if (row.kind !== 'mint' && row.from?.toLowerCase() === lower) add(row.tokenId, -amount);
    }
    return net;
  }

  /** Per token id, what confirmed deliveries minted (the operator's own mints are in `chain_token.minted`). */
  async deliveredMints(tokenIds: string[]): Promise<Map<string, bigint>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await this.db
      .select({ tokenId: delivery.tokenId, amount: sql<string>`sum(${delivery.amount})` })
      .from(delivery)
      .where(and(eq(delivery.status, 'confirmed'), inArray(delivery.tokenId, tokenIds)))
      .groupBy(delivery.tokenId);
    return new Map(rows.map((row) => [row.tokenId, whole(row.amount)]));
  }

  /** How many wallets hold the token on Hanabi's record (a positive net of its confirmed writes). */
  async holderCount(tokenId: string): Promise<number> {
    const [operations, deliveries] = await Promise.all([
      this.confirmedWrites(eq(chainOperation.tokenId, tokenId)),
      this.db
        .select({ address: delivery.recipientAddress, amount: sql<string>`sum(${delivery.amount})` })
        .from(delivery)
        .where(and(eq(delivery.status, 'confirmed'), eq(delivery.tokenId, tokenId)))
        .groupBy(delivery.recipientAddress),
    ]);
    const net = new Map<string, bigint>();
    const add = (address: string, amount: bigint) => {
      const key = address.toLowerCase();
      net.set(key, (net.get(key) ?? 0n) + amount);
    };
    for (const row of deliveries) add(row.address, whole(row.amount));
    for (const row of operations) {
      const amount = whole(row.amount);
      if (row.kind !== 'burn' && row.to) add(row.to, amount);
      if (row.kind !== 'mint' && row.from) add(row.from, -amount);
    }
    return [...net.values()].filter((amount) => amount > 0n).length;
  }

  /** The operator's confirmed mints, transfers and burns that match `condition`. */
  private confirmedWrites(condition: SQL) {
    return this.db
      .select({
        tokenId: chainOperation.tokenId,
        kind: chainOperation.kind,
        from: chainOperation.fromAddress,
        to: chainOperation.toAddress,
        amount: chainOperation.amount,
      })
      .from(chainOperation)
      .where(
        and(
          eq(chainOperation.status, 'confirmed'),
          inArray(chainOperation.kind, ['mint', 'transfer', 'burn']),
          condition,
        ),
      );
  }
}

function checksum(address: string): string | null {
  const parsed = parseWalletAddress(address.toLowerCase());
  return parsed.ok ? parsed.address : null;
}

/** numeric(78,0) comes back as a string (PGlite may add a fraction for sums). */
function whole(value: string | null): bigint {
  return BigInt(String(value ?? '0').split('.')[0]!);
}

import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signerBalanceSample } from '../../db/schema.ts';
import type { BalanceSample } from './signer-outlook.ts';

export interface SignerKey {
  chainId: number;
  signer: string;
}

export class SignerFundsRepository {
  constructor(private readonly db: Db) {}

  async record(key: SignerKey, sample: BalanceSample & { gasPriceWei: bigint }): Promise<void> {
    await this.db
      .insert(signerBalanceSample)
      .values({
        chainId: key.chainId,
        signer: key.signer,
        sampledAt: sample.at,
        balanceWei: sample.balanceWei.toString(),
        gasPriceWei: sample.gasPriceWei.toString(),
      })
      .onConflictDoNothing();
  }

  /** The last sample of each hour since `since`, oldest first. */
  async hourly(key: SignerKey, since: Date): Promise<BalanceSample[]> {
    const rows = await this.db
      .selectDistinctOn([sql`date_trunc('hour', ${signerBalanceSample.sampledAt})`], {
        at: signerBalanceSample.sampledAt,
        balanceWei: signerBalanceSample.balanceWei,
      })
      .from(signerBalanceSample)
      .where(
        and(
          eq(signerBalanceSample.chainId, key.chainId),
          eq(signerBalanceSample.signer, key.signer),
          sql`${signerBalanceSample.sampledAt} >= ${since.toISOString()}`,
        ),
      )
      .orderBy(
        sql`date_trunc('hour', ${signerBalanceSample.sampledAt})`,
        sql`${signerBalanceSample.sampledAt} desc`,
      );
    return rows.map((row) => ({ at: row.at, balanceWei: BigInt(row.balanceWei) }));
  }

  /** Samples older than `before`, of every signer; returns how many went. */
  async prune(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(signerBalanceSample)
      .where(lt(signerBalanceSample.sampledAt, before))
      .returning({ at: signerBalanceSample.sampledAt });
    return deleted.length;
  }
}

import crypto from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, chainOperation, chainToken } from '../../db/schema.ts';
import { TokenLedgerRepository } from './token-ledger.repository.ts';

export type ChainTokenRow = typeof chainToken.$inferSelect;
export type ChainOperationRow = typeof chainOperation.$inferSelect;
export type ChainOperationKind = ChainOperationRow['kind'];
export type ChainOperationWithUser = ChainOperationRow & { requesterName: string | null };

export interface NewChainOperation {
  kind: ChainOperationKind;
  tokenId: bigint;
  fromAddress?: string | null;
  toAddress?: string | null;
  amount?: bigint | null;
  uri?: string | null;
  requestedBy: string | null;
}

/** The token ids Hanabi knows (`chain_token`) and the history of its writes (`chain_operation`). */
export class TokensRepository {
  constructor(private readonly db: Db) {
    this.ledger = new TokenLedgerRepository(db);
  }

  /** Balances, supply and holders on Hanabi's record (operator writes and deliveries together). */
  readonly ledger: TokenLedgerRepository;

  async findToken(tokenId: bigint): Promise<ChainTokenRow | null> {
    const [row] = await this.db.select().from(chainToken).where(eq(chainToken.tokenId, tokenId.toString()));
    return row ?? null;
  }

  /** Known tokens by id, after `afterTokenId` when given. */
  async listTokens(limit: number, afterTokenId?: bigint): Promise<ChainTokenRow[]> {
    return this.db
      .select()
      .from(chainToken)
      .where(afterTokenId === undefined ? undefined : gt(chainToken.tokenId, afterTokenId.toString()))
      .orderBy(asc(chainToken.tokenId))
      .limit(limit);
  }

  /** Makes the id known (no-op when it is). */
  async registerToken(tokenId: bigint): Promise<void> {
    await this.db.insert(chainToken).values({ tokenId: tokenId.toString() }).onConflictDoNothing();
  }

  /**
   * Records a write the node accepted (`submitted`, with its hash) or one refused before sending (`failed`).
   * createdAt comes from this process in milliseconds, so list cursors round-trip exactly.
   */
  async startOperation(
    operation: NewChainOperation,
    outcome: { status: 'submitted'; txHash: string } | { status: 'failed'; error: string },
  ): Promise<string> {
    const id = crypto.randomUUID();
    await this.db.insert(chainOperation).values({
      id,
      kind: operation.kind,
      tokenId: operation.tokenId.toString(),
      fromAddress: operation.fromAddress ?? null,
      toAddress: operation.toAddress ?? null,
      amount:
        operation.amount === null || operation.amount === undefined ? null : operation.amount.toString(),
      uri: operation.uri ?? null,
      status: outcome.status,
      txHash: outcome.status === 'submitted' ? outcome.txHash : null,
      error: outcome.status === 'failed' ? outcome.error : null,
      requestedBy: operation.requestedBy,
      createdAt: new Date(),
    });
    return id;
  }

  async failOperation(id: string, error: string, receipt?: { blockNumber: bigint; gasUsed: bigint }) {
    await this.db
      .update(chainOperation)
      .set({
        status: 'failed',
        error,
        ...(receipt ? { blockNumber: Number(receipt.blockNumber), gasUsed: receipt.gasUsed.toString() } : {}),
      })
      .where(eq(chainOperation.id, id));
  }

  /**
   * Marks a write confirmed and, in the same transaction, updates the token it concerns: mints and burns move
   * the counters, set_uri stores the URI; the id becomes known either way.
   */
  async confirmOperation(
    id: string,
    receipt: { blockNumber: bigint; gasUsed: bigint },
    effect: { kind: ChainOperationKind; tokenId: bigint; amount?: bigint | null; uri?: string | null },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(chainOperation)
        .set({
          status: 'confirmed',
          blockNumber: Number(receipt.blockNumber),
          gasUsed: receipt.gasUsed.toString(),
          error: null,
        })
        .where(eq(chainOperation.id, id));
      const tokenId = effect.tokenId.toString();
      const amount = (effect.amount ?? 0n).toString();
      const minted = effect.kind === 'mint' ? amount : '0';
      const burned = effect.kind === 'burn' ? amount : '0';
      const uri = effect.kind === 'set_uri' ? (effect.uri ?? null) : null;
      await tx
        .insert(chainToken)
        .values({ tokenId, minted, burned, uri })
        .onConflictDoUpdate({
          target: chainToken.tokenId,
          set: {
            minted: sql`${chainToken.minted} + ${minted}`,
            burned: sql`${chainToken.burned} + ${burned}`,
            uri: effect.kind === 'set_uri' ? uri : sql`${chainToken.uri}`,
            updatedAt: new Date(),
          },
        });
    });
  }

  /** Operations newest first, after the (createdAt, id) cursor position when given. */
  async listOperations(
    limit: number,
    options: { before?: { createdAt: Date; id: string }; tokenId?: bigint } = {},
  ): Promise<ChainOperationWithUser[]> {
    const { before, tokenId } = options;
    const rows = await this.db
      .select({ operation: chainOperation, requesterName: appUser.name })
      .from(chainOperation)
      .leftJoin(appUser, eq(appUser.id, chainOperation.requestedBy))
      .where(
        and(
          tokenId === undefined ? undefined : eq(chainOperation.tokenId, tokenId.toString()),
          before
            ? or(
                lt(chainOperation.createdAt, before.createdAt),
                and(eq(chainOperation.createdAt, before.createdAt), lt(chainOperation.id, before.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(chainOperation.createdAt), desc(chainOperation.id))
      .limit(limit);
    return rows.map((row) => ({ ...row.operation, requesterName: row.requesterName }));
  }

  /** The URIs of some known ids. */
  async urisOf(tokenIds: string[]): Promise<Map<string, string | null>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await this.db
      .select({ tokenId: chainToken.tokenId, uri: chainToken.uri })
      .from(chainToken)
      .where(inArray(chainToken.tokenId, tokenIds));
    return new Map(rows.map((row) => [row.tokenId, row.uri]));
  }

  /** The most recently touched known ids (for reading a wallet's balances in one call). */
  async recentTokenIds(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ tokenId: chainToken.tokenId })
      .from(chainToken)
      .orderBy(desc(chainToken.updatedAt))
      .limit(limit);
    return rows.map((row) => row.tokenId);
  }
}

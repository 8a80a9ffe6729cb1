import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, heldClaim, manualDistribution } from '../../db/schema.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { walletCoolOffUntil } from '../account/wallet-cool-off.ts';

export interface ReleaseOutcome {
  /** Held prizes that became deliveries (the person has a wallet). */
  delivered: number;
  /** Held prizes now known to be this person's, still waiting for a wallet. */
  attached: number;
}

/**
 * Turns held prizes into deliveries once their person is known and reachable: called when someone sets a
 * wallet or links the platform identity a prize was won with. One transaction; each claim becomes at most one
 * delivery (`held:{claim id}`), however often this runs.
 */
export async function releaseHeldClaims(db: Db, userId: string): Promise<ReleaseOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(appUser).where(eq(appUser.id, userId)).for('update');
    if (!user) return { delivered: 0, attached: 0 };
    const identities: SQL[] = [
      eq(heldClaim.userId, user.id),
      and(eq(heldClaim.platform, 'hanabi'), eq(heldClaim.platformUserId, user.id))!,
    ];
    if (user.youtubeChannelId) {
      identities.push(
        and(eq(heldClaim.platform, 'youtube'), eq(heldClaim.platformUserId, user.youtubeChannelId))!,
      );
    }
    const twitcasting = [user.twitcastingUserId, user.twitcastingScreenId].filter(
      (value): value is string => value !== null,
    );
    if (twitcasting.length > 0) {
      identities.push(
        and(eq(heldClaim.platform, 'twitcasting'), inArray(heldClaim.platformUserId, twitcasting))!,
      );
    }
    const claims = await tx
      .select()
      .from(heldClaim)
      .where(and(eq(heldClaim.status, 'held'), or(...identities)))
      .for('update');
    if (claims.length === 0) return { delivered: 0, attached: 0 };

    // A replaced address receives held prizes only after its cool-off (decision 0063).
    if (!user.walletAddress || (await walletCoolOffUntil(tx, user.id))) {
      await tx
        .update(heldClaim)
        .set({ userId: user.id })
        .where(
          inArray(
            heldClaim.id,
            claims.map((claim) => claim.id),
          ),
        );
      return { delivered: 0, attached: claims.length };
    }

    const created = await DeliveryRepository.insertDeliveries(
      tx,
      claims.map((claim) => ({
        idempotencyKey: `held:${claim.id}`,
        source: claim.source,
        digitalGoodsId: claim.digitalGoodsId,
        tokenId: claim.tokenId,
        amount: claim.amount,
        recipientUserId: user.id,
        recipientAddress: user.walletAddress!,
        campaignId: claim.campaignId,
        manualDistributionId: claim.manualDistributionId,
        heldClaimId: claim.id,
        sourceRef: claim.sourceRef,
      })),
    );
    for (const row of created) {
      await tx
        .update(heldClaim)
        .set({ status: 'released', userId: user.id, deliveryId: row.id, releasedAt: new Date() })
        .where(eq(heldClaim.id, row.heldClaimId!));
    }
    // A finished manual distribution is on its way again while its released prizes travel.
    const batches = [
      ...new Set(claims.map((claim) => claim.manualDistributionId).filter((id) => id !== null)),
    ];
    if (batches.length > 0) {
      await tx
        .update(manualDistribution)
        .set({ status: 'delivering', completedAt: null })
        .where(and(inArray(manualDistribution.id, batches), sql`${manualDistribution.status} = 'completed'`));
    }
    return { delivered: created.length, attached: 0 };
  });
}

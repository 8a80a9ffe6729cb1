import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appUser, heldClaim } from '../../db/schema.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { DeliveryRepository } from './delivery.repository.ts';
import { walletCoolOffUntil } from '../account/index.ts';
import { sourcesReopened, type DeliverySource, type Tx } from './delivery-source.ts';
import type { LivePlatform } from '@hanabi/api';
import { identitiesOfUser, type PlatformIdentity } from '../platform-identities/index.ts';

export interface ReleaseOutcome {
  /** Held prizes that became deliveries (the person has a wallet). */
  delivered: number;
  /** Held prizes now known to be this person's, still waiting for a wallet. */
  attached: number;
}

/**
 * Which held claims a user may receive (decision 0061):
 * - claims attached to them (`user_id`), and `hanabi` claims addressed to their user id;
 * - claims won by a platform identity they have linked, keyed by its STABLE id (YouTube channel id,
 *   TwitCasting numeric user id — never the changeable screen id), and only while attached to nobody: a claim
 *   once attached to an account stays that account's, whoever links the identity later.
 */
function claimableBy(userId: string, linked: readonly PlatformIdentity[]): SQL {
  return or(
    eq(heldClaim.userId, userId),
    and(eq(heldClaim.platform, 'hanabi'), eq(heldClaim.platformUserId, userId)),
    ...linked.map((identity) =>
      and(
        eq(heldClaim.platform, identity.platform),
        eq(heldClaim.platformUserId, identity.platformUserId),
        isNull(heldClaim.userId),
      ),
    ),
  )!;
}

/**
 * Turns held prizes into deliveries once their person is known and reachable: called when someone sets a
 * wallet or links the platform identity a prize was won with. One transaction; each claim becomes at most one
 * delivery (`held:{claim id}`), however often this runs. Without a wallet the claims are attached to the user
 * (they stay theirs). Each campaign whose winners changed hears a live `winners` event when this commits.
 *
 * The one place held prizes are released: a check on where they may go (e.g. a cool-off for a replaced wallet
 * address) belongs here.
 */
export async function releaseHeldClaims(
  db: Db,
  userId: string,
  sources: readonly DeliverySource[],
): Promise<ReleaseOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(appUser).where(eq(appUser.id, userId)).for('update');
    if (!user) return { delivered: 0, attached: 0 };
    // Read under the user's row lock: linking and unlinking take it too, so the identities cannot move meanwhile.
    const linked = await identitiesOfUser(tx, user.id);
    const claims = await tx
      .select()
      .from(heldClaim)
      .where(and(eq(heldClaim.status, 'held'), claimableBy(user.id, linked)))
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
    // A finished source (a manual batch) is on its way again while its released prizes travel.
    await sourcesReopened(sources, tx, claims);
    // The streamer's live room and the public campaign page show winners' delivery states: tell them.
    const campaigns = [...new Set(claims.map((claim) => claim.campaignId).filter((id) => id !== null))];
    for (const campaignId of campaigns) await publishLiveEvent(tx, campaignId, { type: 'winners' });
    return { delivered: created.length, attached: 0 };
  });
}

/**
 * On unlinking a platform identity: every claim still held for it and attached to nobody was won while this
 * user held the identity (or before anyone did, and they proved control first), so it becomes theirs now — the
 * next person to link the identity receives only prizes won after this moment (decision 0061). Runs in the
 * unlink transaction, so the boundary is the unlink's commit.
 */
export async function attachClaimsOnUnlink(
  tx: Tx,
  userId: string,
  platform: LivePlatform,
  platformUserId: string,
): Promise<number> {
  const attached = await tx
    .update(heldClaim)
    .set({ userId })
    .where(
      and(
        eq(heldClaim.status, 'held'),
        eq(heldClaim.platform, platform),
        eq(heldClaim.platformUserId, platformUserId),
        isNull(heldClaim.userId),
      ),
    )
    .returning({ id: heldClaim.id });
  return attached.length;
}

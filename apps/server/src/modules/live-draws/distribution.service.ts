import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DistributionResult } from '@hanabi/api';
import type { Db } from '../../db/client.ts';
import { appUser, campaign, delivery, digitalGoods, winner } from '../../db/schema.ts';
import { businessRule } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { Logger } from '../../logger.ts';
import { DeliveryRepository } from '../delivery/index.ts';
import type { DeliveryService } from '../delivery/index.ts';
import { publishLiveEvent } from '../live-events/index.ts';
import { linkedUserOf } from '../platform-identities/index.ts';
import type { CampaignAccess } from './campaign-access.ts';
import type { DrawsRepository } from './draws.repository.ts';
import type { LivePlatform } from '@hanabi/api';

/**
 * Hands a platform's drawn winners to the delivery engine (docs/design.md §8, decision 0040): in ONE transaction,
 * a delivery `winner:{id}` for a winner who is a Hanabi user with a wallet, otherwise a held claim (the platform
 * identity, or `hanabi` + user id for a user without a wallet) that `releaseHeldClaims` turns into a delivery
 * once they link and set a wallet. The winner rows move to queued | held in the same transaction, so a repeated
 * call finds nothing left in `drawn` and changes nothing; the keys make even a racing call harmless.
 */
export class DistributionService {
  constructor(
    private readonly db: Db,
    private readonly access: CampaignAccess,
    private readonly draws: DrawsRepository,
    private readonly deliveries: DeliveryService,
    private readonly log: Logger,
  ) {}

  async distribute(
    session: SessionUser,
    campaignId: string,
    platform: LivePlatform,
  ): Promise<DistributionResult> {
    const owned = await this.access.own(session, campaignId);
    const outcome = await this.db.transaction(async (tx) => {
      await tx.select({ id: campaign.id }).from(campaign).where(eq(campaign.id, owned.id)).for('update');
      const [goods] = await tx
        .select()
        .from(digitalGoods)
        .where(eq(digitalGoods.id, owned.prizeDigitalGoodsId));
      if (!goods || goods.status !== 'published' || goods.tokenId === null) {
        throw businessRule(
          'goodsNotPublished',
          'The prize goods are not published yet: publish them before distributing.',
        );
      }
      const ofPlatform = and(eq(winner.campaignId, owned.id), eq(winner.platform, platform));
      const already = await tx
        .select({ id: winner.id })
        .from(winner)
        .where(and(ofPlatform, isNotNull(winner.distributedAt)));
      const drawn = await tx
        .select({ winner, user: appUser })
        .from(winner)
        .leftJoin(
          appUser,
          // The user known at the draw, or — none then — whoever has linked the platform identity since.
          sql`${appUser.id} = coalesce(${winner.userId}, ${linkedUserOf(winner.platform, winner.platformUserId)})`,
        )
        .where(and(ofPlatform, eq(winner.status, 'drawn')))
        .for('update', { of: winner });
      const amount = String(owned.copiesPerWinner);
      const now = new Date();
      const toDeliver = drawn.filter((row) => row.user?.walletAddress);
      const toHold = drawn.filter((row) => !row.user?.walletAddress);
      await DeliveryRepository.insertDeliveries(
        tx,
        toDeliver.map(({ winner: row, user }) => ({
          idempotencyKey: `winner:${row.id}`,
          source: 'draw' as const,
          digitalGoodsId: goods.id,
          tokenId: goods.tokenId!,
          amount,
          recipientUserId: user!.id,
          recipientAddress: user!.walletAddress!,
          campaignId: owned.id,
          sourceRef: row.id,
        })),
      );
      // Read back by key: a row another call wrote first is this winner's delivery all the same.
      const keyed =
        toDeliver.length === 0
          ? []
          : await tx
              .select({ id: delivery.id, key: delivery.idempotencyKey })
              .from(delivery)
              .where(
                inArray(
                  delivery.idempotencyKey,
                  toDeliver.map(({ winner: row }) => `winner:${row.id}`),
                ),
              );
      const deliveryByKey = new Map(keyed.map((row) => [row.key, row.id]));
      for (const { winner: row, user } of toDeliver) {
        await tx
          .update(winner)
          .set({
            status: 'queued',
            deliveryId: deliveryByKey.get(`winner:${row.id}`) ?? null,
            userId: user!.id,
            distributedAt: now,
          })
          .where(eq(winner.id, row.id));
      }
      const claims = await DeliveryRepository.insertHeldClaims(
        tx,
        toHold.map(({ winner: row, user }) => ({
          source: 'draw' as const,
          digitalGoodsId: goods.id,
          tokenId: goods.tokenId!,
          amount,
          platform: user ? ('hanabi' as const) : platform,
          platformUserId: user ? user.id : row.platformUserId,
          displayName: row.displayName,
          userId: user?.id ?? null,
          campaignId: owned.id,
          sourceRef: row.id,
        })),
      );
      const claimByWinner = new Map(claims.map((claim) => [claim.sourceRef, claim.id]));
      for (const { winner: row, user } of toHold) {
        await tx
          .update(winner)
          .set({
            status: 'held',
            heldClaimId: claimByWinner.get(row.id) ?? null,
            userId: user?.id ?? row.userId,
            distributedAt: now,
          })
          .where(eq(winner.id, row.id));
      }
      if (drawn.length > 0) await publishLiveEvent(tx, owned.id, { type: 'winners' });
      return { queued: toDeliver.length, held: toHold.length, alreadyDistributed: already.length };
    });
    if (outcome.queued > 0) await this.deliveries.kick();
    if (outcome.queued + outcome.held > 0) {
      this.log.info({ campaignId: owned.id, platform, ...outcome }, 'winners handed to delivery');
    }
    return { ...outcome, winners: await this.draws.campaignWinners(owned.id, platform) };
  }
}

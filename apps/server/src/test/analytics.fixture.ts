import crypto from 'node:crypto';
import type { Db } from '../db/client.ts';
import { appUser, authUser, campaign, chainTx, delivery, digitalGoods, heldClaim } from '../db/schema.ts';
import type { LivePlatform } from '@hanabi/api';

/**
 * Rows written straight into the tables, for tests that check figures computed over them (the dashboard, a
 * user's detail). Every helper takes the few fields that matter and fills the rest.
 */

const id = () => crypto.randomUUID();
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export async function insertUser(
  db: Db,
  values: {
    type: 'streamer' | 'audience';
    createdAt: Date;
    name?: string;
    email?: string;
  } & Partial<typeof appUser.$inferInsert>,
): Promise<string> {
  const authId = id();
  const email = values.email ?? `${authId}@example.com`;
  await db.insert(authUser).values({ id: authId, name: values.name ?? 'x', email });
  const userId = id();
  const { email: _email, ...rest } = values;
  await db.insert(appUser).values({ id: userId, authUserId: authId, name: 'x', ...rest });
  return userId;
}

export async function insertGoods(
  db: Db,
  streamerId: string,
  values: { name?: string } = {},
): Promise<string> {
  const goodsId = id();
  await db
    .insert(digitalGoods)
    .values({ id: goodsId, streamerId, name: values.name ?? 'goods', supply: 100 });
  return goodsId;
}

export async function insertCampaign(
  db: Db,
  values: {
    streamerId: string;
    goodsId: string;
    startsAt: Date;
    endsAt: Date;
    status: 'draft' | 'scheduled' | 'live' | 'ended';
    title?: string;
  },
): Promise<string> {
  const campaignId = id();
  await db.insert(campaign).values({
    id: campaignId,
    streamerId: values.streamerId,
    title: values.title ?? 'campaign',
    status: values.status,
    startsAt: values.startsAt,
    endsAt: values.endsAt,
    platforms: ['youtube'],
    prizeDigitalGoodsId: values.goodsId,
    copiesPerWinner: 1,
    winnerCount: 1,
    entryRule: {
      keyword: '',
      onePerPerson: true,
      membersOnly: false,
      excludeModerators: true,
      windowStart: null,
      windowEnd: null,
      cooldownDays: 0,
    },
    drawMode: 'manual',
  });
  return campaignId;
}

export async function insertDelivery(
  db: Db,
  values: {
    status: 'queued' | 'submitted' | 'confirmed' | 'failed' | 'cancelled';
    createdAt: Date;
    recipientUserId?: string | null;
    campaignId?: string | null;
    heldClaimId?: string | null;
  },
): Promise<string> {
  const deliveryId = id();
  await db.insert(delivery).values({
    id: deliveryId,
    idempotencyKey: `test:${deliveryId}`,
    source: 'admin',
    tokenId: '1',
    amount: '1',
    recipientAddress: ADDRESS,
    recipientUserId: values.recipientUserId ?? null,
    campaignId: values.campaignId ?? null,
    heldClaimId: values.heldClaimId ?? null,
    status: values.status,
    createdAt: values.createdAt,
  });
  return deliveryId;
}

let nonce = 0;
export async function insertChainTx(
  db: Db,
  values: { gasUsed: bigint | null; finishedAt: Date | null; status: 'confirmed' | 'reverted' | 'broadcast' },
): Promise<void> {
  nonce += 1;
  await db.insert(chainTx).values({
    id: id(),
    chainId: 31337,
    signer: ADDRESS,
    nonce,
    contractAddress: ADDRESS,
    tokenId: '1',
    amount: '1',
    recipientCount: 1,
    rawTx: '0x',
    txHash: `0x${crypto.randomBytes(32).toString('hex')}`,
    txHashes: [],
    gasLimit: '100000',
    maxFeePerGas: '1',
    maxPriorityFeePerGas: '1',
    signedAtBlock: 1,
    status: values.status,
    gasUsed: values.gasUsed === null ? null : values.gasUsed.toString(),
    finishedAt: values.finishedAt,
  });
}

export async function insertHeldClaim(
  db: Db,
  values: {
    goodsId: string;
    platform: LivePlatform | 'hanabi';
    status: 'held' | 'released' | 'cancelled';
    createdAt: Date;
    releasedAt?: Date | null;
    deliveryId?: string | null;
  },
): Promise<string> {
  const claimId = id();
  await db.insert(heldClaim).values({
    id: claimId,
    source: 'admin',
    digitalGoodsId: values.goodsId,
    tokenId: '1',
    amount: '1',
    platform: values.platform,
    platformUserId: id(),
    sourceRef: claimId,
    status: values.status,
    createdAt: values.createdAt,
    releasedAt: values.releasedAt ?? null,
    deliveryId: values.deliveryId ?? null,
  });
  return claimId;
}

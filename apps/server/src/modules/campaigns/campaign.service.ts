import crypto from 'node:crypto';
import type {
  Campaign,
  CampaignList,
  CampaignListQuery,
  CreateCampaignBody,
  UpdateCampaignBody,
} from '@hanabi/api';
import type { FileStorage } from '../../adapters/storage/index.ts';
import { AppError, businessRule, campaignNotFound, forbidden, unauthenticated } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { cursorDate, decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import type { Logger } from '../../logger.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import type { AssetRepository, AssetRow } from '../uploads/index.ts';
import type { AssetService } from '../uploads/index.ts';
import { checkCampaignRules, type CampaignDraft } from './campaign-rules.ts';
import { drawModeOf, toCampaign } from './campaign.mapper.ts';
import type {
  CampaignPatch,
  CampaignRepository,
  CampaignRow,
  CampaignStatusValue,
  StreamerRow,
} from './campaign.repository.ts';
import { ogImageKey } from '../og-pages/index.ts';

type Found = { campaign: CampaignRow; streamer: StreamerRow };

const missing = () => campaignNotFound();

/** Scheduled campaigns whose start has come are live; any published one past its end has ended. */
export function settledStatus(status: CampaignStatusValue, startsAt: Date, endsAt: Date, now: Date) {
  if (status === 'draft') return status;
  if (endsAt <= now) return 'ended';
  if (status === 'scheduled' && startsAt <= now) return 'live';
  return status;
}

/**
 * Campaigns: a streamer's own (every status) and the public ones (scheduled, live, ended; never drafts, never
 * a suspended streamer's). Visibility decides 404 vs 403: what you cannot see is "not found", what you can see
 * but do not own is "forbidden". Ended campaigns are read-only.
 */
export class CampaignService {
  private readonly changeListeners: ((id: string) => Promise<void>)[] = [];

  constructor(
    private readonly campaigns: CampaignRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly assetRows: AssetRepository,
    private readonly assets: AssetService,
    private readonly storage: FileStorage,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(session: SessionUser | null, query: CampaignListQuery): Promise<CampaignList> {
    if (query.type === 'streamer') {
      if (!session) throw unauthenticated();
      if (session.type !== 'streamer' || !session.userId) {
        throw forbidden('streamersOnly', 'Only streamers have campaigns of their own (use type=audience).');
      }
    }
    if ((query.followed || query.watched) && !session?.userId) throw unauthenticated();
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.campaigns.list({
      ...(query.type === 'streamer'
        ? { streamerId: session!.userId! }
        : query.streamerId
          ? { streamerId: query.streamerId }
          : {}),
      publicOnly: query.type === 'audience',
      ...(query.followed ? { followedBy: session!.userId! } : {}),
      ...(query.watched ? { watchedBy: session!.userId! } : {}),
      ...(query.status ? { statuses: query.status } : {}),
      ...(query.platform ? { platform: query.platform } : {}),
      ...(query.q ? { text: query.q } : {}),
      sort: query.sort,
      limit: query.limit + 1,
      now: this.clock(),
      ...(after ? { after: { value: cursorDate(after.sortValue), id: after.id } } : {}),
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1)?.campaign;
    const sortValue =
      query.sort === 'endingSoon'
        ? last?.endsAt
        : query.sort === 'startingSoon'
          ? last?.startsAt
          : last?.createdAt;
    return {
      list: await this.present(page, session),
      nextCursor:
        rows.length > query.limit && last && sortValue
          ? encodeCursor(sortValue.toISOString(), last.id)
          : null,
    };
  }

  async get(session: SessionUser | null, id: string): Promise<Campaign> {
    const found = await this.visible(session, id);
    return (await this.present([found], session))[0]!;
  }

  /** Runs after every write of a campaign (create, update, delete): caches drop it. */
  onChange(listener: (id: string) => Promise<void>): void {
    this.changeListeners.push(listener);
  }

  /** The campaign as a signed-out visitor sees it; null when it is not public. */
  async findPublicCampaign(id: string): Promise<Campaign | null> {
    const found = await this.findPublic(id);
    return found ? (await this.present([found], null))[0]! : null;
  }

  /** A public campaign (never a draft) for the crawler page; null when there is none to show. */
  async findPublic(id: string): Promise<Found | null> {
    // Not visible is null; a database failure stays an error (and is never cached as "not public").
    const found = await this.visible(null, id).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    return found && { ...found, campaign: { ...found.campaign, status: this.statusNow(found.campaign) } };
  }

  /**
   * Creates a campaign; no `startsAt` means now. With an Idempotency-Key (decision 0073) a key used before
   * answers the campaign it made — before the rules run, so the stock it reserved never makes a repeat fail —
   * and the insert itself runs once per key, so a double submit never reserves the prize twice.
   */
  async create(session: SessionUser, body: CreateCampaignBody, idempotencyKey?: string): Promise<Campaign> {
    const streamerId = session.userId!;
    const scope = `campaign.create:${streamerId}`;
    const stored = await this.campaigns.storedResponse<{ id: string }>(scope, idempotencyKey, body);
    if (stored) return this.get(session, stored.id);
    const now = this.clock();
    const draft: CampaignDraft = {
      status: body.status,
      startsAt: body.startsAt ? new Date(body.startsAt) : now,
      endsAt: new Date(body.endsAt),
      platforms: body.platforms,
      prizeDigitalGoodsId: body.prize.digitalGoodsId,
      copiesPerWinner: body.prize.copiesPerWinner,
      winnerCount: body.winnerCount,
      entryRule: body.entryRule,
      drawMode: body.drawMode,
    };
    try {
      await this.checkRules(streamerId, draft, undefined, now);
    } catch (error) {
      // A concurrent twin with the same key may have just created it (and reserved the stock).
      const twin = await this.campaigns.storedResponse<{ id: string }>(scope, idempotencyKey, body);
      if (twin) return this.get(session, twin.id);
      throw error;
    }
    if (body.coverImageAssetId) await this.checkCover(streamerId, body.coverImageAssetId);
    const created = await this.campaigns.insertOnce(scope, idempotencyKey, body, {
      id: crypto.randomUUID(),
      streamerId,
      title: body.title,
      description: body.description,
      coverAssetId: body.coverImageAssetId,
      ...this.columnsOf(draft, now),
      createdAt: now,
    });
    this.log.info({ campaignId: created.id }, 'campaign created');
    await this.changed(created.id);
    return this.get(session, created.id);
  }

  /**
   * "Start now" on a scheduled campaign: the start becomes now through the normal update path (rules, status
   * by time), so entries and the live room follow from `startsAt` like for any campaign.
   */
  async startNow(session: SessionUser, id: string): Promise<Campaign> {
    const current = await this.ownedForChange(session, id);
    const now = this.clock();
    const status = settledStatus(current.status, current.startsAt, current.endsAt, now);
    if (status === 'draft')
      throw businessRule('campaignNotPublished', 'Publish the campaign first; it then starts at once.');
    if (status !== 'scheduled')
      throw businessRule('campaignAlreadyStarted', 'This campaign has already started.');
    return this.update(session, id, { startsAt: now.toISOString() });
  }

  async update(session: SessionUser, id: string, body: UpdateCampaignBody): Promise<Campaign> {
    const current = await this.ownedForChange(session, id);
    if (current.status === 'live' && body.status === 'draft') {
      throw businessRule('liveCampaignStaysLive', 'A live campaign stays live until it ends.', [
        { field: 'body.status', message: 'cannot change while the campaign is live' },
      ]);
    }
    const now = this.clock();
    const draft: CampaignDraft = {
      status: current.status === 'live' ? 'live' : (body.status ?? current.status),
      startsAt: body.startsAt ? new Date(body.startsAt) : current.startsAt,
      endsAt: body.endsAt ? new Date(body.endsAt) : current.endsAt,
      platforms: body.platforms ?? (current.platforms as CampaignDraft['platforms']),
      prizeDigitalGoodsId: body.prize?.digitalGoodsId ?? current.prizeDigitalGoodsId,
      copiesPerWinner: body.prize?.copiesPerWinner ?? current.copiesPerWinner,
      winnerCount: body.winnerCount ?? current.winnerCount,
      entryRule: body.entryRule ?? current.entryRule,
      drawMode: body.drawMode ?? drawModeOf(current),
    };
    await this.checkRules(session.userId!, draft, id, now);
    if (body.coverImageAssetId) await this.checkCover(session.userId!, body.coverImageAssetId);
    const patch: CampaignPatch = { ...this.columnsOf(draft, now) };
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.coverImageAssetId !== undefined) patch.coverAssetId = body.coverImageAssetId;
    await this.campaigns.update(id, patch);
    await this.changed(id);
    return this.get(session, id);
  }

  async delete(session: SessionUser, id: string): Promise<void> {
    const current = await this.ownedForChange(session, id);
    if (current.status === 'live') {
      throw businessRule('liveCampaignNotDeletable', 'A live campaign cannot be deleted.');
    }
    await this.campaigns.delete(id);
    await this.changed(id);
    await this.storage.delete(ogImageKey(id)).catch(() => undefined);
    this.log.info({ campaignId: id }, 'campaign deleted');
  }

  private columnsOf(draft: CampaignDraft, now: Date) {
    return {
      status: settledStatus(draft.status, draft.startsAt, draft.endsAt, now),
      startsAt: draft.startsAt,
      endsAt: draft.endsAt,
      platforms: draft.platforms,
      prizeDigitalGoodsId: draft.prizeDigitalGoodsId,
      copiesPerWinner: draft.copiesPerWinner,
      winnerCount: draft.winnerCount,
      entryRule: draft.entryRule,
      drawMode: draft.drawMode.type,
      drawIntervalMinutes: draft.drawMode.type === 'everyNMinutes' ? draft.drawMode.minutes : null,
    };
  }

  private async checkRules(
    streamerId: string,
    draft: CampaignDraft,
    campaignId: string | undefined,
    now: Date,
  ) {
    const prize = await this.goods.findById(draft.prizeDigitalGoodsId);
    const reserved = prize
      ? await this.goods.reservedCopies([prize.id], campaignId)
      : new Map<string, number>();
    const problems = checkCampaignRules(draft, {
      streamerId,
      now,
      prize,
      reservedByOthers: prize ? (reserved.get(prize.id) ?? 0) : 0,
      ...(campaignId ? { handedOver: await this.goods.handedOver(campaignId) } : {}),
    });
    if (problems.length > 0) {
      const fields = [...new Set(problems.map((problem) => problem.field))].join(', ');
      throw businessRule('campaignRulesBroken', `The campaign breaks some rules: ${fields}.`, problems);
    }
  }

  private async checkCover(streamerId: string, assetId: string) {
    await this.assets.requireUsable(streamerId, assetId, {
      field: 'body.coverImageAssetId',
      kind: 'campaign',
      imageOnly: true,
    });
  }

  /** Drafts only to their streamer; a suspended streamer's campaigns to nobody else. */
  private async visible(session: SessionUser | null, id: string): Promise<Found> {
    const found = await this.campaigns.findWithStreamer(id);
    if (!found) throw missing();
    const own = session?.userId === found.campaign.streamerId;
    if (!own && (found.campaign.status === 'draft' || found.streamer.suspendedAt)) throw missing();
    return found;
  }

  private async ownedForChange(session: SessionUser, id: string): Promise<CampaignRow> {
    const found = await this.visible(session, id);
    const campaign = { ...found.campaign, status: this.statusNow(found.campaign) };
    if (campaign.streamerId !== session.userId)
      throw forbidden('notYourCampaign', 'You can only change your own campaigns.');
    if (campaign.status === 'ended') {
      throw businessRule('campaignEnded', 'This campaign has ended: it is read-only.');
    }
    return campaign;
  }

  private async changed(id: string): Promise<void> {
    for (const listener of this.changeListeners) await listener(id);
  }

  private statusNow(row: CampaignRow): CampaignStatusValue {
    return settledStatus(row.status, row.startsAt, row.endsAt, this.clock());
  }

  private async present(rows: Found[], viewer: SessionUser | null): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const goodsRows = await this.goods.findByIds(rows.map((row) => row.campaign.prizeDigitalGoodsId));
    const goodsById = new Map(goodsRows.map((row) => [row.id, row]));
    const assetIds = [
      ...rows.map((row) => row.campaign.coverAssetId),
      ...goodsRows.flatMap((row) => [row.imageAssetId, row.animationAssetId]),
    ].filter((value): value is string => Boolean(value));
    const [assetRows, watched, onAir] = await Promise.all([
      this.assetRows.findByIds(assetIds),
      viewer?.userId
        ? this.campaigns.watchedIds(
            viewer.userId,
            rows.map((row) => row.campaign.id),
          )
        : Promise.resolve(new Set<string>()),
      this.campaigns.onAirIds(rows.map((row) => row.campaign.id)),
    ]);
    const assets = new Map<string, AssetRow>(assetRows.map((row) => [row.id, row]));
    const now = this.clock();
    return rows.map(({ campaign, streamer }) =>
      toCampaign(
        // The status as of now, even if a concurrent reader is still writing the advance.
        { ...campaign, status: settledStatus(campaign.status, campaign.startsAt, campaign.endsAt, now) },
        {
          streamer,
          prize: goodsById.get(campaign.prizeDigitalGoodsId)!,
          assets,
          isWatch: watched.has(campaign.id),
          onAir: onAir.has(campaign.id),
        },
        this.storage,
      ),
    );
  }
}

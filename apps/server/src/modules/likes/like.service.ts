import type { LikeState, LikeTargetKind } from '@hanabi/api';
import { campaignNotFound, notFound } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CampaignRepository } from '../campaigns/index.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import type { NewNotification } from '../notifications/index.ts';
import type { LikeRepository } from './like.repository.ts';

/** A like on a popular token must not turn into a flood: this many holders hear of one like at most. */
export const TOKEN_LIKE_NOTIFY_MAX = 500;

interface Target {
  kind: LikeTargetKind;
  id: string;
  /** The notifications a new like causes (see docs/decisions/0030-audience-social-layer.md). */
  notify(liker: { id: string; name: string }): Promise<NewNotification[]>;
}

/** Likes on public campaigns and published tokens. */
export class LikeService {
  constructor(
    private readonly likes: LikeRepository,
    private readonly campaigns: CampaignRepository,
    private readonly goods: DigitalGoodsRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async get(session: SessionUser | null, kind: LikeTargetKind, id: string): Promise<LikeState> {
    const target = await this.target(kind, id);
    return this.state(target, session?.userId ?? null);
  }

  async add(session: SessionUser, kind: LikeTargetKind, id: string): Promise<LikeState> {
    const target = await this.target(kind, id);
    const userId = session.userId!;
    const liker = await this.accounts.findById(userId);
    const notifications = await target.notify({ id: userId, name: liker?.name ?? '' });
    await this.likes.add(userId, kind, target.id, notifications);
    return this.state(target, userId);
  }

  async remove(session: SessionUser, kind: LikeTargetKind, id: string): Promise<LikeState> {
    const target = await this.target(kind, id);
    await this.likes.remove(session.userId!, kind, target.id);
    return this.state(target, session.userId);
  }

  private async state(target: Target, userId: string | null): Promise<LikeState> {
    return {
      targetKind: target.kind,
      targetId: target.id,
      ...(await this.likes.state(target.kind, target.id, userId)),
    };
  }

  /** What can be liked is what anyone can see: public campaigns, published tokens of active streamers. */
  private async target(kind: LikeTargetKind, id: string): Promise<Target> {
    if (kind === 'campaign') {
      const found = await this.campaigns.findWithStreamer(id);
      if (!found || found.campaign.status === 'draft' || found.streamer.suspendedAt) {
        throw campaignNotFound();
      }
      const { campaign } = found;
      return {
        kind,
        id,
        notify: async (liker) => [
          {
            userId: campaign.streamerId,
            type: 'campaignLikeAdded',
            params: { campaignTitle: campaign.title, userName: liker.name },
            href: `/campaign/${campaign.id}`,
            hrefId: campaign.id,
          },
        ],
      };
    }
    const goods = await this.goods.findById(id);
    const streamer = goods ? await this.accounts.findById(goods.streamerId) : null;
    if (!goods || goods.status !== 'published' || !streamer || streamer.suspendedAt) {
      throw notFound('tokenNotFound', 'No published token with this id.');
    }
    return {
      kind,
      id,
      notify: async (liker) => {
        const holders = await this.likes.holderIds(goods.id, TOKEN_LIKE_NOTIFY_MAX + 1);
        return holders
          .filter((holder) => holder !== liker.id)
          .slice(0, TOKEN_LIKE_NOTIFY_MAX)
          .map((holder) => ({
            userId: holder,
            type: 'tokenLikeAdded' as const,
            params: { goodsName: goods.name, userName: liker.name },
            href: `/collection/${goods.id}`,
            hrefId: goods.id,
          }));
      },
    };
  }
}

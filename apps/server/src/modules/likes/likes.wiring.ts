import type { Db } from '../../db/client.ts';
import type { AccountRepository } from '../account/index.ts';
import type { CampaignRepository } from '../campaigns/index.ts';
import type { DigitalGoodsRepository } from '../digital-goods/index.ts';
import { LikeRepository } from './like.repository.ts';
import { LikeService } from './like.service.ts';

/** Likes on campaigns and tokens, with their notifications. */
export function wireLikes(ports: {
  db: Db;
  campaigns: CampaignRepository;
  goods: DigitalGoodsRepository;
  accounts: AccountRepository;
}) {
  const likes = new LikeRepository(ports.db);
  return {
    repositories: { likes },
    services: { likes: new LikeService(likes, ports.campaigns, ports.goods, ports.accounts) },
  };
}

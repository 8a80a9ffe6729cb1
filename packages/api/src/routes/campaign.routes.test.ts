import { describe, expect, it } from 'vitest';
import { CampaignListQuery, CreateCampaignBody, UpdateCampaignBody } from './campaign.routes.ts';
import { CreateDigitalGoodsBody, UpdateDigitalGoodsBody } from './digital-goods.routes.ts';
import { UPLOAD_MEDIA_TYPES, UploadQuery } from './upload.routes.ts';

const base = {
  title: ' 夏祭り ',
  startsAt: '2030-01-01T00:00:00Z',
  endsAt: '2030-01-02T00:00:00+09:00',
  platforms: ['youtube'],
  prize: { digitalGoodsId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', copiesPerWinner: 1 },
  winnerCount: 1,
};

describe('goods and campaign contract', () => {
  it('fills campaign defaults: a draft, manual draw, one entry per person', () => {
    const body = CreateCampaignBody.parse(base);
    expect(body).toMatchObject({
      title: '夏祭り',
      description: '',
      coverImageAssetId: null,
      status: 'draft',
      drawMode: { type: 'manual' },
      entryRule: {
        keyword: '',
        onePerPerson: true,
        membersOnly: false,
        excludeModerators: true,
        cooldownDays: 0,
      },
    });
    expect(CreateCampaignBody.safeParse({ ...base, status: 'ended' }).success).toBe(false);
    expect(UpdateCampaignBody.safeParse({}).success).toBe(false);
    expect(UpdateCampaignBody.parse({ title: 'x' })).toEqual({ title: 'x' });
  });

  it('reads list queries: comma-separated statuses, a page size of at most 1000', () => {
    expect(CampaignListQuery.parse({ status: 'scheduled, live', limit: '50' })).toMatchObject({
      type: 'audience',
      status: ['scheduled', 'live'],
      sort: 'newest',
      limit: 50,
    });
    expect(CampaignListQuery.safeParse({ status: 'open' }).success).toBe(false);
    expect(CampaignListQuery.safeParse({ limit: '1001' }).success).toBe(false);
  });

  it('shapes goods bodies and upload rules', () => {
    expect(CreateDigitalGoodsBody.parse({ name: 'バッジ', supply: 10 })).toEqual({
      name: 'バッジ',
      description: '',
      imageAssetId: null,
      animationAssetId: null,
      supply: 10,
      hidden: false,
    });
    expect(UpdateDigitalGoodsBody.safeParse({}).success).toBe(false);
    expect(UPLOAD_MEDIA_TYPES.campaign).not.toContain('image/svg+xml');
    expect(UPLOAD_MEDIA_TYPES.digitalgoods).toContain('model/gltf-binary');
    expect(UploadQuery.parse({})).toEqual({});
  });
});

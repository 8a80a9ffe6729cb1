import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, buildPath, type ApiRoutes } from '@hanabi/api';
import { createContractWorld, type ContractWorld, type Role } from '../test/contract-world.ts';

/*
 * The access matrix generated from the route table (issue 20): every route × signed out, an audience member,
 * the streamer who owns the demo's objects, a second streamer who owns nothing, and an operator — each aimed at
 * the owner's objects (campaign, goods, live stream, draw, distribution; the audience member's notifications,
 * wallet and account) with a valid request — and the status each must get. `Record<keyof ApiRoutes, …>` makes a
 * route without an entry a type error, and the first test fails on it too. The owner goes last, so a write the
 * others were refused is then shown to work; routes that delete run after the rest.
 */

type Ids = ContractWorld['ids'];
type Sessions = ContractWorld['sessions'];
interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}
interface Entry {
  request?: (ids: Ids, sessions: Sessions) => Request;
  /** signedOut, audience, streamer (the owner), streamer2, operator. */
  expect: [number, number, number, number, number];
}

const RUN_ORDER: Role[] = ['signedOut', 'audience', 'streamer2', 'operator', 'streamer'];
const COLUMN: Record<Role, number> = { signedOut: 0, audience: 1, streamer: 2, streamer2: 3, operator: 4 };

// Shorthands for the usual rows. "Own" routes act on the caller's own things (no object of someone else).
const anyone = (status = 200): Entry['expect'] => [status, status, status, status, status];
const signedIn = (status = 200): Entry['expect'] => [401, status, status, status, status];
const streamers = (status = 200): Entry['expect'] => [401, 403, status, status, status];
const audienceOnly = (status = 200): Entry['expect'] => [401, status, 403, 403, 403];
const operatorOnly = (status = 200): Entry['expect'] => [401, 403, 403, 403, status];
/** The owner's object on a streamer route: others who are streamers get `others` (404: not theirs, not told). */
const ownerOnly = (status = 200, others = 404): Entry['expect'] => [401, 403, status, others, others];

const live = (ids: Ids) => ({ a: ids.liveStream.a, b: ids.liveStream.b });
const YT = 'youtube';

const matrix: Record<keyof ApiRoutes, Entry> = {
  health: { expect: anyone() },
  ready: { expect: anyone() },
  publicConfig: { expect: anyone() },
  // No link asked for in this browser: nothing to show, to anyone.
  signInLinkCode: { expect: anyone() },
  signInLinkInfo: { request: () => ({ body: { token: 'not-a-real-token-0000' } }), expect: anyone(404) },
  signInLinkConfirm: {
    request: () => ({ body: { token: 'not-a-real-token-0000', code: '123456' } }),
    expect: anyone(404),
  },
  signup: { request: () => ({ body: { userType: 'audience' } }), expect: signedIn(409) },
  signin: { request: () => ({ body: { userType: 'streamer' } }), expect: signedIn(200) },
  signout: { request: () => ({ body: {} }), expect: anyone(204) },
  authProviders: { expect: anyone() },
  devMailbox: { expect: anyone() },
  clearDevMailbox: { expect: anyone(204) },
  myAccountBase: { expect: signedIn() },
  myAccountEth: { expect: signedIn() },
  adminAccount: { expect: operatorOnly() },
  // The audience member's account: only they may change it.
  updateAccount: {
    request: (_ids, s) => ({ params: { id: s.audience.userId! }, body: { bio: 'こんにちは' } }),
    expect: [401, 200, 403, 403, 403],
  },
  walletChallenge: {
    request: (_ids, s) => ({
      params: { id: s.audience.userId! },
      body: { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    }),
    expect: [401, 200, 403, 403, 403],
  },
  walletUndo: { request: () => ({ body: { token: 'not-a-real-undo-token' } }), expect: anyone(422) },
  updateAccountLink: {
    request: (_ids, s) => ({
      params: { id: s.audience.userId! },
      body: { action: 'unlink', provider: 'google' },
    }),
    expect: [401, 422, 403, 403, 403],
  },
  blockchainArtifacts: { expect: anyone() },
  adminListTokens: { expect: operatorOnly() },
  adminMintToken: {
    request: () => ({
      body: { token: { to: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', tokenId: '900001', amount: 1 } },
    }),
    expect: operatorOnly(),
  },
  adminTokenOperations: { expect: operatorOnly() },
  adminBurnToken: {
    request: () => ({ params: { id: '900001' }, body: { amount: 1 } }),
    expect: operatorOnly(422),
  },
  adminTransferToken: {
    request: () => ({
      params: { tokenId: '900001' },
      body: {
        sender: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        receiver: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
        value: 1,
      },
    }),
    expect: operatorOnly(422),
  },
  adminApproveToken: {
    request: () => ({
      params: { id: '900001' },
      body: { receiver: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', value: 0 },
    }),
    expect: operatorOnly(),
  },
  adminGetApproved: {
    request: () => ({
      params: { id: '900001' },
      query: { operator: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
    }),
    expect: operatorOnly(),
  },
  adminTokenBalance: { request: () => ({ params: { id: '900001' } }), expect: operatorOnly() },
  adminGetTokenUri: { request: () => ({ params: { id: '900001' } }), expect: operatorOnly() },
  adminSetTokenUri: {
    request: () => ({ params: { id: '900001' }, body: { uri: 'https://example.com/900001.json' } }),
    expect: operatorOnly(),
  },
  adminIpfsUpload: {
    request: () => ({ body: { tokenAssetData: { name: 'a.txt', contentBase64: 'aGFuYWJp' } } }),
    expect: operatorOnly(201),
  },
  uploadFile: {
    request: () => ({ params: { kind: 'campaign' }, query: { name: 'a.png' } }),
    expect: streamers(400),
  },
  uploadResult: {
    request: () => ({ params: { uploadId: '0123456789abcdef0123456789abcdef' } }),
    expect: streamers(404),
  },
  listDigitalGoods: { expect: streamers() },
  getDigitalGoods: { request: (ids) => ({ params: { id: ids.goods } }), expect: ownerOnly() },
  createDigitalGoods: {
    request: () => ({ body: { name: '新しいグッズ', description: '', supply: 10 } }),
    expect: streamers(201),
  },
  // Published goods: only `hidden` and a larger supply may change.
  updateDigitalGoods: {
    request: (ids) => ({ params: { id: ids.goods }, body: { hidden: false } }),
    expect: ownerOnly(),
  },
  // Published goods cannot be deleted (hidden instead); others do not learn they exist.
  deleteDigitalGoods: { request: (ids) => ({ params: { id: ids.goods } }), expect: ownerOnly(422) },
  // Publishing published goods answers them as they are.
  publishDigitalGoods: { request: (ids) => ({ params: { id: ids.publishedGoods } }), expect: ownerOnly() },
  listCampaigns: { expect: anyone() },
  // A draft: only its streamer sees it; for everyone else it does not exist.
  getCampaign: { request: (ids) => ({ params: { id: ids.campaign } }), expect: [404, 404, 200, 404, 404] },
  createCampaign: { request: () => ({ body: {} }), expect: streamers(400) },
  // A draft must be published first: its owner is told so, others do not learn it exists.
  startCampaignNow: { request: (ids) => ({ params: { id: ids.campaign } }), expect: ownerOnly(422) },
  // An ended campaign is public: others learn it is not theirs (403); its owner, that it is read-only.
  updateCampaign: {
    request: (ids) => ({ params: { id: ids.liveCampaign }, body: { description: '更新' } }),
    expect: ownerOnly(422, 403),
  },
  deleteCampaign: { request: (ids) => ({ params: { id: ids.campaign } }), expect: ownerOnly(204) },
  fontDataUrl: { request: () => ({ params: { font: 'no-such-font' } }), expect: anyone(404) },
  adminCampaignDistribution: {
    request: (ids) => ({ params: { id: ids.liveCampaign } }),
    expect: operatorOnly(),
  },
  adminDeliveryQueue: { expect: operatorOnly() },
  adminDeliveryRetry: { request: (ids) => ({ params: { id: ids.delivery } }), expect: operatorOnly(409) },
  adminDeliveryCancel: { request: (ids) => ({ params: { id: ids.delivery } }), expect: operatorOnly() },
  // Published goods are public: others learn they are not theirs (403).
  manualDistributionPreview: {
    request: (ids) => ({
      body: {
        digitalGoodsId: ids.publishedGoods,
        distributionList: [{ recipient: 'youtube:UCabcdefghijklmnopqrstuv', amount: 1 }],
      },
    }),
    expect: ownerOnly(200, 403),
  },
  manualDistributionCreate: {
    request: (ids) => ({
      body: {
        digitalGoodsId: ids.publishedGoods,
        distributionList: [{ recipient: 'youtube:UCabcdefghijklmnopqrstuv', amount: 1 }],
      },
    }),
    expect: ownerOnly(201, 403),
  },
  manualDistributionList: { expect: streamers() },
  manualDistributionGet: {
    request: (ids) => ({ params: { id: ids.manualDistribution } }),
    expect: ownerOnly(),
  },
  // The audience member's watchlist: only they may change it.
  addWatch: {
    request: (ids, s) => ({ params: { userId: s.audience.userId! }, body: { campaignId: ids.liveCampaign } }),
    expect: audienceOnly(),
  },
  removeWatch: {
    request: (ids, s) => ({
      params: { userId: s.audience.userId! },
      query: { campaignId: ids.liveCampaign },
    }),
    expect: audienceOnly(),
  },
  getLike: { request: (ids) => ({ params: { kind: 'campaign', id: ids.liveCampaign } }), expect: anyone() },
  addLike: {
    request: (ids) => ({ params: { kind: 'campaign', id: ids.liveCampaign } }),
    expect: audienceOnly(),
  },
  removeLike: {
    request: (ids) => ({ params: { kind: 'campaign', id: ids.liveCampaign } }),
    expect: audienceOnly(),
  },
  listStreamers: { expect: anyone() },
  getStreamer: { request: (_ids, s) => ({ params: { id: s.streamer.userId! } }), expect: anyone() },
  followStreamer: { request: (_ids, s) => ({ params: { id: s.streamer.userId! } }), expect: audienceOnly() },
  unfollowStreamer: {
    request: (_ids, s) => ({ params: { id: s.streamer.userId! } }),
    expect: audienceOnly(),
  },
  searchUsers: { request: () => ({ query: { q: 'デモ' } }), expect: streamers() },
  // The audience member's collection is private unless they made it public.
  getCollection: {
    request: (_ids, s) => ({ params: { userId: s.audience.userId! } }),
    expect: [404, 200, 404, 404, 404],
  },
  getCollectionItem: { request: (ids) => ({ params: { id: ids.publishedGoods } }), expect: anyone() },
  // The audience member's notifications: anyone else asking for them is refused.
  listNotifications: {
    request: (_ids, s) => ({ query: { userId: s.audience.userId! } }),
    expect: [401, 200, 403, 403, 403],
  },
  readNotification: {
    request: (ids) => ({ params: { id: ids.audienceNotification } }),
    expect: [401, 200, 404, 404, 404],
  },
  readAllNotifications: {
    // Others' ids are ignored: nobody else changes a thing (updated: 0), the owner reads them.
    request: (ids) => ({ body: { items: [ids.audienceNotification] } }),
    expect: signedIn(),
  },
  adminListUsers: { expect: operatorOnly() },
  adminGetUser: { request: (_ids, s) => ({ params: { id: s.audience.userId! } }), expect: operatorOnly() },
  adminSetUserRole: {
    request: (_ids, s) => ({ params: { id: s.streamer2.userId! }, body: { role: 'user' } }),
    expect: operatorOnly(),
  },
  adminSetUserSuspension: {
    request: (_ids, s) => ({ params: { id: s.streamer2.userId! }, body: { suspended: false } }),
    expect: operatorOnly(),
  },
  adminAnalyticsDashboard: {
    request: () => ({ query: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' } }),
    expect: operatorOnly(),
  },
  adminDoctor: { expect: operatorOnly() },
  adminSignerFunds: { expect: operatorOnly() },
  listNews: { expect: anyone() },
  createNews: { request: () => ({ body: { title: 'お知らせ', body: '本文' } }), expect: operatorOnly(201) },
  updateNews: {
    request: () => ({ params: { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }, body: { title: '更新' } }),
    expect: operatorOnly(404),
  },
  deleteNews: {
    request: () => ({ params: { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' } }),
    expect: operatorOnly(404),
  },
  adminListNews: { expect: operatorOnly() },
  youtubeChannelUrl: { expect: signedIn() },
  youtubeLiveStreamingUrl: { expect: streamers() },
  youtubeDisconnect: { expect: signedIn() },
  twitcastingAccountUrl: { expect: signedIn() },
  twitcastingLiveStreamingUrl: { expect: streamers() },
  twitcastingDisconnect: { expect: signedIn() },
  myConnections: { expect: signedIn() },
  liveOverview: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: ownerOnly() },
  startLiveStream: {
    request: (ids) => ({ params: { id: ids.liveStreamCampaign }, body: { platform: YT } }),
    expect: ownerOnly(422),
  },
  stopLiveStream: {
    request: (ids) => ({ params: { id: ids.liveStreamCampaign }, query: { platform: YT } }),
    expect: ownerOnly(),
  },
  // The demo's stream is on YouTube: on TwitCasting's paths its ids are no stream, even for its owner.
  twitcastingComments: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(404),
  },
  youtubeComments: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(),
  },
  liveOverlay: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: anyone() },
  liveQuota: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: ownerOnly() },
  adminYouTubeQuota: { expect: operatorOnly() },
  youtubeWinners: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(),
  },
  youtubeDraw: {
    request: (ids) => ({ params: live(ids), body: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(422),
  },
  youtubeEditWinners: {
    request: (ids) => ({
      params: live(ids),
      body: {
        campaignId: ids.liveStreamCampaign,
        winners: [{ id: ids.winner, excluded: true, reasonCode: 'other', reason: 'test' }],
      },
    }),
    expect: ownerOnly(422),
  },
  youtubeStartSchedule: {
    request: (ids) => ({ params: live(ids), body: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(422),
  },
  youtubeStopSchedule: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(),
  },
  twitcastingWinners: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(404),
  },
  twitcastingDraw: {
    request: (ids) => ({ params: live(ids), body: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(404),
  },
  twitcastingEditWinners: {
    request: (ids) => ({
      params: live(ids),
      body: {
        campaignId: ids.liveStreamCampaign,
        winners: [{ id: ids.winner, excluded: true, reasonCode: 'other', reason: 'test' }],
      },
    }),
    expect: ownerOnly(404),
  },
  twitcastingStartSchedule: {
    request: (ids) => ({ params: live(ids), body: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(404),
  },
  twitcastingStopSchedule: {
    request: (ids) => ({ params: live(ids), query: { campaignId: ids.liveStreamCampaign } }),
    expect: ownerOnly(404),
  },
  liveResult: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: ownerOnly() },
  distributeYoutube: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: ownerOnly() },
  distributeTwitcasting: {
    request: (ids) => ({ params: { id: ids.liveStreamCampaign } }),
    expect: ownerOnly(),
  },
  publicDraw: { request: (ids) => ({ params: { id: ids.draw } }), expect: anyone() },
  drawProof: { request: (ids) => ({ params: { id: ids.draw } }), expect: anyone() },
  campaignResults: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: anyone() },
  myCampaignResults: { request: (ids) => ({ params: { id: ids.liveStreamCampaign } }), expect: signedIn() },
};

describe('access matrix generated from the route table', () => {
  let world: ContractWorld;
  beforeAll(async () => {
    world = await createContractWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('has an entry for every route, and none for a route that is gone', () => {
    expect(Object.keys(apiRoutes).filter((name) => !(name in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((name) => !(name in apiRoutes))).toEqual([]);
  });

  it('answers every route × role as the matrix says', async () => {
    const mismatches: string[] = [];
    let cases = 0;
    // Deletes last, so what they remove is not missed by the routes that read it.
    const names = (Object.keys(matrix) as (keyof ApiRoutes)[]).sort(
      (a, b) => Number(apiRoutes[a].method === 'DELETE') - Number(apiRoutes[b].method === 'DELETE'),
    );
    for (const name of names) {
      const route = apiRoutes[name];
      const entry = matrix[name];
      const request = entry.request?.(world.ids, world.sessions) ?? {};
      const path = buildPath(route.path, request.params ?? {});
      const query = new URLSearchParams(request.query ?? {}).toString();
      for (const role of RUN_ORDER) {
        cases += 1;
        const expected = entry.expect[COLUMN[role]];
        const sendsBody = request.body !== undefined;
        const response = await world.ctx.app.inject({
          method: route.method,
          url: query ? `${path}?${query}` : path,
          headers: { ...world.headers(role), ...(sendsBody ? { 'content-type': 'application/json' } : {}) },
          ...(sendsBody ? { payload: JSON.stringify(request.body) } : {}),
        });
        if (response.statusCode !== expected) {
          mismatches.push(
            `${name} as ${role}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    console.info(`access matrix: ${names.length} routes × ${RUN_ORDER.length} roles = ${cases} cases`);
    expect(mismatches).toEqual([]);
  }, 300_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignResults, MyCampaignResults } from '@hanabi/api';
import { testBackends } from '../../test/test-context.ts';
import { insertComments, insertUser } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';
import { linkAccount } from '../../test/platform-identity.fixture.ts';

const WALLET = '0x2222222222222222222222222222222222222222';

describe.each(testBackends())('campaign results on %s', (backend) => {
  let world: DrawWorld;
  let c: Awaited<ReturnType<DrawWorld['campaign']>>;
  let linkedWinner: string;

  beforeAll(async () => {
    world = await openDrawWorld(backend);
    const db = world.ctx.container.database.db;
    // Every commenter wins: a linked viewer with a wallet (delivered) and a stranger (held until linked).
    c = await world.campaign({ winnerCount: 2 });
    linkedWinner = await insertUser(db, { links: { youtube: 'UClinked' }, walletAddress: WALLET });
    await insertComments(db, c.youtube.id, [
      { author: 'UClinked', name: 'Linked Lin' },
      { author: 'UCstranger', name: 'Stranger Sam' },
    ]);
    const path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const drawn = await world.as(world.streamerId).call('POST', `${path}/winner`, { campaignId: c.id });
    if (drawn.statusCode !== 201) throw new Error(drawn.body);
    const given = await world
      .as(world.streamerId)
      .call('POST', `/api/liveStreaming/${c.id}/distribution/youtube`);
    if (given.statusCode !== 200) throw new Error(given.body);
  });
  afterAll(async () => {
    await world?.close();
  });

  const results = (who: string | null) =>
    world.as(who, 'audience').call('GET', `/api/campaign/${c.id}/results`);
  const mine = (who: string | null) =>
    world.as(who, 'audience').call('GET', `/api/campaign/${c.id}/results/mine`);

  it('shows everyone the same revealed draw with chat names, and which prize waits for a link', async () => {
    const signedOut = await results(null);
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    const body = CampaignResults.parse(signedOut.json());
    expect(body.campaignStatus).toBe('live');
    expect(body.draws).toHaveLength(1);
    const [only] = body.draws;
    expect(only!.status).toBe('revealed');
    expect(only!.entrantCount).toBe(2);
    const byName = new Map(only!.winners.map((w) => [w.displayName, w]));
    expect([...byName.keys()].sort()).toEqual(['Linked Lin', 'Stranger Sam']);
    expect(byName.get('Stranger Sam')!.awaitingLink).toBe(true);
    expect(byName.get('Linked Lin')!.awaitingLink).toBe(false);
    expect(body.streams.map((s) => s.platform).sort()).toEqual(['twitcasting', 'youtube']);
    // The same body for a winner, another viewer and a signed-out visitor; no Hanabi user or wallet in it.
    expect((await results(linkedWinner)).body).toBe(signedOut.body);
    expect((await results(world.viewerId)).body).toBe(signedOut.body);
    for (const secret of [linkedWinner, WALLET, 'user:']) expect(signedOut.body).not.toContain(secret);
  });

  it("tells a winner their own win and its delivery; nobody else's", async () => {
    const own = await mine(linkedWinner);
    expect(own.statusCode, own.body).toBe(200);
    const wins = MyCampaignResults.parse(own.json()).wins;
    expect(wins.map((w) => [w.displayName, w.status])).toEqual([['Linked Lin', 'queued']]);
    expect(wins[0]!.digitalGoodsId).toBe(world.goodsId);
    expect(MyCampaignResults.parse((await mine(world.viewerId)).json()).wins).toEqual([]);
    expect((await mine(null)).statusCode).toBe(401);
  });

  it('a stranger who links the chat identity sees the win as theirs and it stops waiting publicly', async () => {
    const db = world.ctx.container.database.db;
    await linkAccount(db, world.viewerId, 'youtube', 'UCstranger');
    const wins = MyCampaignResults.parse((await mine(world.viewerId)).json()).wins;
    expect(wins.map((w) => w.displayName)).toEqual(['Stranger Sam']);
    const body = CampaignResults.parse((await results(null)).json());
    expect(body.draws[0]!.winners.every((w) => !w.awaitingLink)).toBe(true);
  });

  it('answers 404 for unknown and draft campaigns', async () => {
    expect(
      (await world.as(null).call('GET', '/api/campaign/00000000-0000-4000-8000-000000000000/results'))
        .statusCode,
    ).toBe(404);
    const draft = await world.campaign({ status: 'draft' });
    expect((await world.as(null).call('GET', `/api/campaign/${draft.id}/results`)).statusCode).toBe(404);
    expect(
      (await world.as(world.viewerId, 'audience').call('GET', `/api/campaign/${draft.id}/results/mine`))
        .statusCode,
    ).toBe(404);
  });
});

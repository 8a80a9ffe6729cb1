import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CampaignResults, DRAW_REVEAL_DUE_MINUTES, PublicDraw, WinnerList } from '@hanabi/api';
import { DRAND_DEFAULT, DRAND_QUICKNET, drandRoundTime } from '@hanabi/draw';
import { draw } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

/*
 * Nothing hidden (decision 0200): every draw of a campaign stays public with its state, numbered without gaps, a
 * failed one with why; every exclusion with its reason from the list, the streamer's words and its time; a
 * re-draw with the winners it replaces. The same history on the proof page and the campaign's results.
 */
describe.each(testBackends())('the public draw history on %s', (backend) => {
  let world: DrawWorld;
  let c: Awaited<ReturnType<DrawWorld['campaign']>>;
  let path: string;
  const streamer = () => world.as(world.streamerId);

  beforeAll(async () => {
    world = await openDrawWorld(backend);
    c = await world.campaign({ winnerCount: 1 });
    path = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
  });
  afterAll(async () => {
    await world?.close();
  });

  it('keeps a failed round, an exclusion and its re-draw in one public history', async () => {
    // Round 1: nobody has commented yet.
    const empty = await streamer().call('POST', `${path}/winner`, { campaignId: c.id });
    expect(empty.statusCode).toBe(422);
    await insertComments(
      world.ctx.container.database.db,
      c.youtube.id,
      Array.from({ length: 6 }, (_, i) => ({ author: `UH${i}`, name: `hist-${i}` })),
    );
    // Round 2: one winner, then excluded with a reason and words; round 3 replaces them.
    const drawn = WinnerList.parse(
      (await streamer().call('POST', `${path}/winner`, { campaignId: c.id })).json(),
    );
    const excludedWinner = drawn.winners[0]!;
    const edited = await streamer().call('PUT', `${path}/winner`, {
      campaignId: c.id,
      winners: [{ id: excludedWinner.id, excluded: true, reasonCode: 'declined', reason: 'said no in chat' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const raw = await world.as(null).call('GET', `/api/campaign/${c.id}/results`);
    const results = CampaignResults.parse(raw.json());
    expect(results.draws.map((draw) => [draw.round, draw.status, draw.failureCode])).toEqual([
      [3, 'revealed', null],
      [2, 'revealed', null],
      [1, 'failed', 'noEntrants'],
    ]);
    const [redraw, original, failed] = results.draws;
    expect(failed!.entrantCount).toBe(0);
    expect(original!.winners).toEqual([
      expect.objectContaining({
        id: excludedWinner.id,
        excluded: true,
        exclusion: { reasonCode: 'declined', note: 'said no in chat', at: expect.any(String) },
        replacedBy: redraw!.id,
      }),
    ]);
    expect(redraw).toMatchObject({
      trigger: 'redraw',
      redrawOf: original!.id,
      replaces: [{ winnerId: excludedWinner.id, displayName: excludedWinner.displayName }],
    });
    expect(redraw!.winners[0]!.exclusion).toBeNull();

    // The proof page of the failed round: its state and why, and the same history.
    const page = await world.as(null).call('GET', `/api/draw/${failed!.id}`);
    const publicDraw = PublicDraw.parse(page.json());
    expect(publicDraw).toMatchObject({ round: 1, status: 'failed', failureCode: 'noEntrants', secret: null });
    expect(publicDraw.history).toEqual(results.draws);

    // Nothing private: no stored failure text, no Hanabi user ids (who asked, who is linked), no secret before
    // a reveal; the streamer's words are public by design.
    for (const body of [raw.body, page.body]) {
      expect(body).not.toContain('"failure"');
      expect(body).not.toContain('no entrants');
      expect(body).not.toContain(world.streamerId);
    }
    expect(page.body).not.toContain('"requestedBy"');
  });

  it('shows a committed draw whose result is overdue as withheld, sealed or not, and one still due as waiting', async () => {
    const fresh = await world.campaign({ winnerCount: 1 });
    const db = world.ctx.container.database.db;
    const now = Date.now() / 1000;
    /** The latest round of `chain` published at least `ago` seconds before now. */
    const roundPublished = (chain: typeof DRAND_DEFAULT, ago: number) =>
      Math.floor((now - ago - chain.genesisTime) / chain.period) + 1;
    const committed = (round: number, chain: typeof DRAND_DEFAULT, sealedSecret: string, n: number) => ({
      id: randomUUID(),
      campaignId: fresh.id,
      round: n,
      status: 'closed' as const,
      commitment: 'c'.repeat(64),
      secretSeed: 'd'.repeat(64),
      entrantsHash: 'e'.repeat(64),
      entrantCount: 4,
      winnerCount: 1,
      closedAt: new Date((drandRoundTime(chain, round) - 12) * 1000),
      beaconSource: `drand:${chain.chainHash}`,
      beaconRound: String(round),
      recordTxHash: `0x${'ab'.repeat(32)}`,
      sealedSecret,
    });
    // Round 1 on `default` (no timelock) published 11 minutes ago; round 2 on quicknet, S sealed, 11 minutes ago;
    // round 3 on quicknet published a minute ago: still within its due time.
    const overdue = DRAW_REVEAL_DUE_MINUTES * 60 + 60;
    const rows = [
      committed(roundPublished(DRAND_DEFAULT, overdue), DRAND_DEFAULT, '', 1),
      committed(roundPublished(DRAND_QUICKNET, overdue), DRAND_QUICKNET, 'ab'.repeat(40), 2),
      committed(roundPublished(DRAND_QUICKNET, 60), DRAND_QUICKNET, 'ab'.repeat(40), 3),
    ];
    await db.insert(draw).values(rows);

    const history = CampaignResults.parse(
      (await world.as(null).call('GET', `/api/campaign/${fresh.id}/results`)).json(),
    ).draws;
    expect(history.map((item) => [item.round, item.status, item.withheld?.sealed ?? null])).toEqual([
      [3, 'closed', null],
      [2, 'closed', true],
      [1, 'closed', false],
    ]);
    // Withheld since the due time: the round's publication plus the minutes it had.
    const due =
      (drandRoundTime(DRAND_DEFAULT, Number(rows[0]!.beaconRound)) + DRAW_REVEAL_DUE_MINUTES * 60) * 1000;
    expect(history[2]!.withheld).toEqual({ since: new Date(due).toISOString(), sealed: false });
    const page = PublicDraw.parse((await world.as(null).call('GET', `/api/draw/${rows[0]!.id}`)).json());
    expect(page).toMatchObject({ status: 'closed', secret: null, withheld: history[2]!.withheld });
    const waiting = PublicDraw.parse((await world.as(null).call('GET', `/api/draw/${rows[2]!.id}`)).json());
    expect(waiting.withheld).toBeNull();
  });
});

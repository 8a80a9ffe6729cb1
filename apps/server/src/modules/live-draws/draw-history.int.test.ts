import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignResults, PublicDraw, WinnerList } from '@hanabi/api';
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
});

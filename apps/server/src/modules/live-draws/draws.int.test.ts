import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrantsHashOf, pickWinners, seedOf, verifyDraw, type DrawProof } from '@hanabi/draw';
import { LiveOverview, LiveResult, OverlayState, PublicDraw, WinnerList } from '@hanabi/api';
import { draw } from '../../db/schema.ts';
import { testBackends } from '../../test/test-context.ts';
import { insertComments } from '../../test/live-entries.fixture.ts';
import { verifyDrawAt } from '../../../../../scripts/verify-draw.ts';
import { openDrawWorld, type DrawWorld } from '../../test/draws.fixture.ts';

const authors = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ author: `${prefix}${i}`, name: `${prefix}-name-${i}` }));

describe.each(testBackends({ embedded: true }))('draws over HTTP on %s', (backend) => {
  let world: DrawWorld;
  let c: Awaited<ReturnType<DrawWorld['campaign']>>;
  let yt: string;

  beforeAll(async () => {
    world = await openDrawWorld(backend);
    c = await world.campaign({ winnerCount: 3 });
    yt = `/api/liveStreaming/youtube/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    const db = world.ctx.container.database.db;
    await insertComments(db, c.youtube.id, authors('UC', 30));
    await insertComments(db, c.twitcasting.id, authors('tc', 10));
  });
  afterAll(async () => {
    await world?.close();
  });

  const streamer = () => world.as(world.streamerId);

  it('refuses: signed out 401, audience 403, another streamer 404, not a stream of the campaign 404, bad input 400', async () => {
    const body = { campaignId: c.id, count: 1 };
    expect((await world.as(null).call('POST', `${yt}/winner`, body)).statusCode).toBe(401);
    expect((await world.as(world.viewerId, 'audience').call('POST', `${yt}/winner`, body)).statusCode).toBe(
      403,
    );
    expect((await world.as(world.otherStreamerId).call('POST', `${yt}/winner`, body)).statusCode).toBe(404);
    expect(
      (await world.as(world.otherStreamerId).call('GET', `${yt}/winner?campaignId=${c.id}`)).statusCode,
    ).toBe(404);
    const twitcastingPathOfYoutube = `/api/liveStreaming/twitcasting/${c.youtube.channelId}/${c.youtube.broadcastId}`;
    expect((await streamer().call('POST', `${twitcastingPathOfYoutube}/winner`, body)).statusCode).toBe(404);
    expect((await streamer().call('POST', `${yt}/winner`, { campaignId: c.id, count: 0 })).statusCode).toBe(
      400,
    );
    expect((await streamer().call('POST', `${yt}/winner`, { count: 1 })).statusCode).toBe(400);
    expect(
      (await streamer().call('GET', `/api/liveStreaming/${c.id}/result?platformType=x`)).statusCode,
    ).toBe(400);
    expect(
      (await world.as(world.otherStreamerId).call('GET', `/api/liveStreaming/${c.id}/result`)).statusCode,
    ).toBe(404);
    expect((await world.as(null).call('GET', `/api/liveStreaming/${c.id}/overview`)).statusCode).toBe(401);
    expect(
      (await world.as(null).call('GET', '/api/draw/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('refuses with 422: a draft campaign, more than remain, nobody eligible', async () => {
    const draft = await world.campaign({ status: 'draft' });
    const draftPath = `/api/liveStreaming/youtube/${draft.youtube.channelId}/${draft.youtube.broadcastId}`;
    await insertComments(world.ctx.container.database.db, draft.youtube.id, authors('UD', 3));
    const refused = await streamer().call('POST', `${draftPath}/winner`, { campaignId: draft.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('BUSINESS_RULE');
    expect((await streamer().call('POST', `${yt}/winner`, { campaignId: c.id, count: 4 })).statusCode).toBe(
      422,
    );
    const empty = await world.campaign({});
    const emptyPath = `/api/liveStreaming/youtube/${empty.youtube.channelId}/${empty.youtube.broadcastId}`;
    expect((await streamer().call('POST', `${emptyPath}/winner`, { campaignId: empty.id })).statusCode).toBe(
      422,
    );
  });

  it('draws end to end on the chain beacon: the proof verifies and the winners match a recomputation', async () => {
    const drawn = await streamer().call('POST', `${yt}/winner`, { campaignId: c.id, count: 2 });
    expect(drawn.statusCode, drawn.body).toBe(201);
    const list = WinnerList.parse(drawn.json());
    expect(list.remaining).toBe(1);
    expect(list.winners).toHaveLength(2);
    const [summary] = list.draws;
    expect(summary).toMatchObject({
      status: 'revealed',
      trigger: 'manual',
      entrantCount: 40,
      winnerCount: 2,
    });
    expect(summary!.beacon!.source).toBe('chain:31337');

    const proofResponse = await world.as(null).call('GET', `/api/draw/${summary!.id}/proof`);
    expect(proofResponse.statusCode).toBe(200);
    const proof = proofResponse.json() as DrawProof;
    const verified = await verifyDraw(proof);
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    // Recomputed here from the published parts, step by step.
    expect(await entrantsHashOf(proof.entrants)).toBe(summary!.entrantsHash);
    const seed = await seedOf({
      secret: proof.secret,
      entrantsHash: proof.entrantsHash,
      beaconValue: proof.beacon.value,
      drawId: proof.drawId,
    });
    const positions = await pickWinners(seed, proof.entrants.length, 2);
    expect(positions.map((position) => proof.entrants[position])).toEqual(
      list.winners.map((row) => row.entrantKey),
    );

    // What `npm run verify-draw -- <proof page URL>` does, fetching through the app.
    const lines: string[] = [];
    const viaApp = (async (url: string | URL) => {
      const answer = await world.as(null).call('GET', new URL(String(url)).pathname);
      return new Response(answer.body, { status: answer.statusCode });
    }) as typeof fetch;
    // The embedded chain's block hash: it recomputes, but this server controlled it, so practice, never verified.
    expect(
      await verifyDrawAt(`https://hanabi.example/draw/${summary!.id}`, (line) => lines.push(line), viaApp),
    ).toBe('practice');
    expect(lines.at(-1)).toMatch(/^Practice draw: it recomputes/);

    const page = PublicDraw.parse((await world.as(null).call('GET', `/api/draw/${summary!.id}`)).json());
    expect(page.beaconVerdict).toEqual({ status: 'practice', problem: null });
    expect(page.secret).toBe(proof.secret);
    expect(page.streamerName).toBe('Streamer');
    expect(page.winners.map((row) => row.entrantKey)).toEqual(proof.winners);
  });

  it('answers 409 for the proof before the reveal and never shows the secret', async () => {
    const id = crypto.randomUUID();
    await world.ctx.container.database.db.insert(draw).values({
      id,
      campaignId: c.id,
      round: 99,
      status: 'open',
      commitment: 'c0ffee',
      secretSeed: 'the-secret',
      winnerCount: 1,
    });
    const proof = await world.as(null).call('GET', `/api/draw/${id}/proof`);
    expect(proof.statusCode).toBe(409);
    const page = await world.as(null).call('GET', `/api/draw/${id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('the-secret');
    expect(PublicDraw.parse(page.json()).secret).toBeNull();
    await world.ctx.container.database.db.delete(draw).where(eq(draw.id, id));
  });

  it('excludes a winner (logged) and replaces them with a linked re-draw that has its own proof', async () => {
    const before = WinnerList.parse((await streamer().call('GET', `${yt}/winner?campaignId=${c.id}`)).json());
    const target = before.winners[0]!;
    const edited = await streamer().call('PUT', `${yt}/winner`, {
      campaignId: c.id,
      winners: [{ id: target.id, excluded: true, reasonCode: 'notEligible', reason: 'bot account' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = WinnerList.parse(edited.json());
    expect(after.winners.find((row) => row.id === target.id)).toMatchObject({
      status: 'excluded',
      excludedReason: 'bot account',
      excludedReasonCode: 'notEligible',
    });
    const redraw = after.draws.find((row) => row.redrawOf === target.drawId)!;
    expect(redraw).toMatchObject({ trigger: 'redraw', status: 'revealed', winnerCount: 1 });
    const replacement = after.winners.find((row) => row.drawId === redraw.id)!;
    expect(replacement.entrantKey).not.toBe(target.entrantKey);
    expect(after.remaining).toBe(1);
    expect(after.changes.map((change) => change.action).sort()).toEqual(['exclude', 'redraw']);
    expect(after.changes.find((change) => change.action === 'exclude')).toMatchObject({
      winnerId: target.id,
      actorId: world.streamerId,
      details: { reasonCode: 'notEligible', reason: 'bot account' },
    });
    const proof = (await world.as(null).call('GET', `/api/draw/${redraw.id}/proof`)).json() as DrawProof;
    expect((await verifyDraw(proof)).ok).toBe(true);
    expect(proof.entrants).not.toContain(target.entrantKey);
    const original = PublicDraw.parse(
      (await world.as(null).call('GET', `/api/draw/${target.drawId}`)).json(),
    );
    expect(original.redraws).toEqual([redraw.id]);
    expect(original.winners.find((row) => row.entrantKey === target.entrantKey)!.excluded).toBe(true);
  });

  it('draws the remaining one by default, then refuses: nothing remains', async () => {
    const drawn = await streamer().call('POST', `${yt}/winner`, { campaignId: c.id });
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(WinnerList.parse(drawn.json()).remaining).toBe(0);
    const again = await streamer().call('POST', `${yt}/winner`, { campaignId: c.id });
    expect(again.statusCode).toBe(422);
  });

  it('reports the funnel, the overview and the public overlay', async () => {
    const result = LiveResult.parse(
      (await streamer().call('GET', `/api/liveStreaming/${c.id}/result`)).json(),
    );
    expect(result.funnel).toEqual({
      comments: 40,
      entrants: 40,
      eligible: 40,
      winners: 3,
      held: 0,
      delivered: 0,
    });
    const youtubeOnly = LiveResult.parse(
      (await streamer().call('GET', `/api/liveStreaming/${c.id}/result?platformType=twitcasting`)).json(),
    );
    expect(youtubeOnly.funnel.comments).toBe(10);
    expect(youtubeOnly.platformType).toBe('twitcasting');

    const overview = LiveOverview.parse(
      (await streamer().call('GET', `/api/liveStreaming/${c.id}/overview`)).json(),
    );
    expect(overview).toMatchObject({ campaignId: c.id, entrantCount: 40, commentCount: 40 });
    const youtube = overview.platforms.find((row) => row.platform === 'youtube')!;
    expect(youtube.stream).toMatchObject({ commentCount: 30, entrantCount: 30 });

    const overlay = await world.as(null).call('GET', `/api/liveStreaming/${c.id}/overlay`);
    expect(overlay.statusCode, overlay.body).toBe(200);
    const state = OverlayState.parse(overlay.json());
    expect(state.entrantCount).toBe(40);
    expect(state.recentEntrants.length).toBeGreaterThan(0);
    expect(state.latestDraw?.proofPath).toBe(`/draw/${state.latestDraw?.id}`);
    const draft = await world.campaign({ status: 'draft' });
    expect((await world.as(null).call('GET', `/api/liveStreaming/${draft.id}/overlay`)).statusCode).toBe(404);
    expect(
      (await world.as(null).call('GET', `/api/liveStreaming/00000000-0000-4000-8000-000000000000/overlay`))
        .statusCode,
    ).toBe(404);
  });
});

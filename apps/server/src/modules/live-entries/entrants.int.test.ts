import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalEntrants, entrantsHashOf } from '@hanabi/draw';
import type { Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { campaign, draw, drawEntrant, winner, type CampaignEntryRule } from '../../db/schema.ts';
import { openTestDatabase, testBackends } from '../../test/test-context.ts';
import { authorReasons, countEntrants, freezeEntrants } from './entrants.sql.ts';
import {
  insertCampaign,
  insertComments,
  insertGoods,
  insertStream,
  insertUser,
  type CommentValues,
} from '../../test/live-entries.fixture.ts';
import type { LivePlatform } from '@hanabi/api';

const DAY = 86_400_000;

describe.each(testBackends({ embedded: true }))('entrants on %s', (backend) => {
  let database: Database;
  let drop: () => Promise<void>;
  let streamerId: string;
  let otherStreamerId: string;
  let goodsId: string;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(backend));
    await runMigrations(database);
    streamerId = await insertUser(database.db, { type: 'streamer' });
    otherStreamerId = await insertUser(database.db, { type: 'streamer' });
    goodsId = await insertGoods(database.db, streamerId);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  async function setup(rule: Partial<CampaignEntryRule>, streamer = streamerId) {
    const id = await insertCampaign(database.db, { streamerId: streamer, goodsId, rule });
    const youtube = await insertStream(database.db, { campaignId: id, platform: 'youtube' });
    const twitcasting = await insertStream(database.db, { campaignId: id, platform: 'twitcasting' });
    return { id, youtube: youtube.id, twitcasting: twitcasting.id };
  }

  /** A won prize: a revealed draw of the campaign with one winner row. */
  async function won(
    campaignId: string,
    who: { key: string; platform: LivePlatform; platformUserId: string; userId?: string },
    options: { at?: Date; status?: 'drawn' | 'excluded' } = {},
  ) {
    const drawId = crypto.randomUUID();
    await database.db.insert(draw).values({
      id: drawId,
      campaignId,
      round: Math.floor(Math.random() * 1e9),
      status: 'revealed',
      commitment: 'c',
      secretSeed: 's',
      winnerCount: 1,
    });
    await database.db.insert(winner).values({
      id: crypto.randomUUID(),
      drawId,
      campaignId,
      position: 0,
      entrantKey: who.key,
      platform: who.platform,
      platformUserId: who.platformUserId,
      displayName: who.key,
      userId: who.userId ?? null,
      status: options.status ?? 'drawn',
      createdAt: options.at ?? new Date(),
    });
  }

  async function freeze(campaignId: string) {
    const [row] = await database.db.select().from(campaign).where(eq(campaign.id, campaignId));
    const drawId = crypto.randomUUID();
    await database.db.insert(draw).values({
      id: drawId,
      campaignId,
      round: Math.floor(Math.random() * 1e9),
      status: 'open',
      commitment: 'c',
      secretSeed: 's',
      winnerCount: 1,
    });
    const frozen = await freezeEntrants(database.db, drawId, row!, new Date());
    const rows = await database.db
      .select()
      .from(drawEntrant)
      .where(eq(drawEntrant.drawId, drawId))
      .orderBy(asc(drawEntrant.position));
    return { ...frozen, keys: rows.map((entry) => entry.entrantKey), rows, campaign: row! };
  }

  const say = (author: string, changes: Partial<CommentValues> = {}): CommentValues => ({
    author,
    ...changes,
  });

  it('takes distinct eligible authors over every stream, sorted, hashed like @hanabi/draw', async () => {
    const c = await setup({ keyword: 'go', membersOnly: false, excludeModerators: true });
    await insertComments(database.db, c.youtube, [
      say('UCb', { text: 'GO go' }),
      say('UCb', { text: 'go again' }),
      say('UCa', { text: 'no keyword' }),
      say('UCmod', { text: 'go', isModerator: true }),
      say('UCdel', { text: 'go', deletedAt: new Date() }),
      say('UC_Z', { text: 'go' }),
    ]);
    await insertComments(database.db, c.twitcasting, [say('12345', { text: 'ｇｏ!' })]);
    const frozen = await freeze(c.id);
    expect(frozen.keys).toEqual(['twitcasting:12345', 'youtube:UC_Z', 'youtube:UCb']);
    expect(canonicalEntrants(frozen.keys)).toEqual(frozen.keys);
    expect(frozen.count).toBe(3);
    expect(frozen.hash).toBe(await entrantsHashOf(frozen.keys));
    expect(frozen.rows.map((row) => row.position)).toEqual([0, 1, 2]);
    // The name on the first eligible comment.
    expect(frozen.rows[2]!.displayName).toBe('UCb');
  });

  it('members only', async () => {
    const c = await setup({ membersOnly: true });
    await insertComments(database.db, c.youtube, [say('UCm', { isMember: true }), say('UCn')]);
    expect((await freeze(c.id)).keys).toEqual(['youtube:UCm']);
  });

  it('counts a person linked on both platforms once (cross-platform de-duplication)', async () => {
    const c = await setup({});
    const linked = await insertUser(database.db, { links: { youtube: 'UClinked', twitcasting: '777' } });
    await insertComments(database.db, c.youtube, [say('UClinked'), say('UCother')]);
    await insertComments(database.db, c.twitcasting, [say('777'), say('888')]);
    const frozen = await freeze(c.id);
    expect(frozen.keys).toEqual(['twitcasting:888', `user:${linked}`, 'youtube:UCother'].sort());
    const counts = await countEntrants(database.db, frozen.campaign, new Date());
    expect(counts.total).toBe(3);
    expect(counts.perStream.get(c.youtube)).toBe(2);
    expect(counts.perStream.get(c.twitcasting)).toBe(2);
  });

  it("leaves out this campaign's winners, excluded ones too (a re-draw must not pick them again)", async () => {
    const c = await setup({});
    await insertComments(database.db, c.youtube, [say('UCwon'), say('UCexcluded'), say('UCnew')]);
    await won(c.id, { key: 'youtube:UCwon', platform: 'youtube', platformUserId: 'UCwon' });
    await won(
      c.id,
      { key: 'youtube:UCexcluded', platform: 'youtube', platformUserId: 'UCexcluded' },
      { status: 'excluded' },
    );
    expect((await freeze(c.id)).keys).toEqual(['youtube:UCnew']);
  });

  it("applies the cooldown over the streamer's previous winners, through linked identities", async () => {
    const earlier = await setup({});
    const elsewhere = await setup({}, otherStreamerId);
    const c = await setup({ cooldownDays: 7 });
    // Won 2 days ago on this streamer's other campaign: out. 10 days ago: back in.
    await won(
      earlier.id,
      { key: 'youtube:UCrecent', platform: 'youtube', platformUserId: 'UCrecent' },
      {
        at: new Date(Date.now() - 2 * DAY),
      },
    );
    await won(
      earlier.id,
      { key: 'youtube:UCold', platform: 'youtube', platformUserId: 'UCold' },
      {
        at: new Date(Date.now() - 10 * DAY),
      },
    );
    // Won from another streamer: no cooldown here.
    await won(elsewhere.id, { key: 'youtube:UCelse', platform: 'youtube', platformUserId: 'UCelse' });
    // Won unlinked on TwitCasting, has since linked it and now comments on YouTube: still the same person.
    const person = await insertUser(database.db, { links: { youtube: 'UCperson', twitcasting: '4242' } });
    await won(
      earlier.id,
      { key: 'twitcasting:4242', platform: 'twitcasting', platformUserId: '4242' },
      {
        at: new Date(Date.now() - DAY),
      },
    );
    // An excluded win does not count.
    await won(
      earlier.id,
      { key: 'youtube:UCexcl', platform: 'youtube', platformUserId: 'UCexcl' },
      {
        status: 'excluded',
      },
    );
    await insertComments(database.db, c.youtube, [
      say('UCrecent'),
      say('UCold'),
      say('UCelse'),
      say('UCperson'),
      say('UCexcl'),
    ]);
    expect((await freeze(c.id)).keys).toEqual(['youtube:UCelse', 'youtube:UCexcl', 'youtube:UCold']);
    expect(person).toBeTruthy();
  });

  it('names why an eligible comment adds no entrant: already won here, cooldown, a repeat', async () => {
    const earlier = await setup({});
    const c = await setup({ cooldownDays: 7 });
    await won(earlier.id, { key: 'youtube:UCcool', platform: 'youtube', platformUserId: 'UCcool' });
    await won(c.id, { key: 'youtube:UCwon', platform: 'youtube', platformUserId: 'UCwon' });
    const t0 = Date.now() - 60_000;
    const ids = await insertComments(database.db, c.youtube, [
      say('UCfirst', { publishedAt: new Date(t0) }),
      say('UCfirst', { publishedAt: new Date(t0 + 1000) }),
      say('UCcool', { publishedAt: new Date(t0) }),
      say('UCwon', { publishedAt: new Date(t0) }),
    ]);
    const [row] = await database.db.select().from(campaign).where(eq(campaign.id, c.id));
    const reasons = await authorReasons(database.db, row!, ids, new Date());
    expect(ids.map((id) => reasons.get(id) ?? null)).toEqual([null, 'duplicate', 'cooldown', 'alreadyWon']);
  });

  it('counts no comment after entries closed for good', async () => {
    const c = await setup({});
    const closedAt = new Date(Date.now() - 30_000);
    await insertComments(database.db, c.youtube, [
      say('UCbefore', { publishedAt: new Date(closedAt.getTime() - 1000) }),
      say('UCafter', { publishedAt: new Date(closedAt.getTime() + 1000) }),
    ]);
    await database.db.update(campaign).set({ entriesClosedAt: closedAt }).where(eq(campaign.id, c.id));
    const frozen = await freeze(c.id);
    expect(frozen.keys).toEqual(['youtube:UCbefore']);
    expect((await countEntrants(database.db, frozen.campaign, new Date())).total).toBe(1);
  });

  it('freezes 5,000 entrants with one statement', async () => {
    const c = await setup({});
    await insertComments(
      database.db,
      c.youtube,
      Array.from({ length: 5_000 }, (_, i) => say(`UC${String(i).padStart(6, '0')}`)),
    );
    const frozen = await freeze(c.id);
    expect(frozen.count).toBe(5_000);
    expect(frozen.hash).toBe(await entrantsHashOf(frozen.keys));
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { liveComment, type CampaignEntryRule } from '../../db/schema.ts';
import { openTestDatabase, testBackends } from '../../test/test-context.ts';
import {
  commentIsEligible,
  commentRuleReason,
  eligibleCommentCondition,
  type CommentRuleReason,
  type EntryComment,
  type EntryPeriod,
} from './entry-rule.ts';
import {
  DEFAULT_RULE,
  insertCampaign,
  insertComments,
  insertGoods,
  insertStream,
  insertUser,
} from '../../test/live-entries.fixture.ts';

const START = new Date('2026-11-24T10:00:00Z');
const END = new Date('2026-11-24T12:00:00Z');
const AT = new Date('2026-11-24T11:00:00Z');

const base: EntryComment = {
  text: 'hello',
  kind: 'text',
  isMember: false,
  isModerator: false,
  isOwner: false,
  publishedAt: AT,
  deletedAt: null,
};

/** [name, rule changes, comment changes, expected] — each case runs through the TS and the SQL form. */
const CASES: Array<[string, Partial<CampaignEntryRule>, Partial<EntryComment>, boolean]> = [
  ['any comment', {}, {}, true],
  ['keyword contained', { keyword: '#花火' }, { text: 'きれい #花火 だね' }, true],
  ['keyword missing', { keyword: '#花火' }, { text: 'きれい' }, false],
  ['keyword ASCII case-insensitive', { keyword: 'Enter' }, { text: 'please eNTER me' }, true],
  ['keyword full-width folds (NFKC)', { keyword: 'enter' }, { text: 'ＥＮＴＥＲ！' }, true],
  ['full-width keyword folds (NFKC)', { keyword: 'ＥＮＴＥＲ' }, { text: 'enter' }, true],
  ['half-width kana folds (NFKC)', { keyword: 'ハナビ' }, { text: 'ﾊﾅﾋﾞ最高' }, true],
  ['keyword with spaces around is trimmed', { keyword: '  hi ' }, { text: 'oh hi there' }, true],
  ['percent in keyword is literal', { keyword: '100%' }, { text: '1000 yen' }, false],
  ['underscore in keyword is literal', { keyword: 'a_b' }, { text: 'axb' }, false],
  ['superChat counts', {}, { kind: 'superChat' }, true],
  ['Super Sticker (no typed words) does not', {}, { kind: 'superChat', text: '' }, false],
  ['membership milestone with a comment counts', {}, { kind: 'membership', text: 'おめでとう' }, true],
  ['membership event without words does not', {}, { kind: 'membership', text: '' }, false],
  [
    'milestone comment with the keyword',
    { keyword: '#花火' },
    { kind: 'membership', text: '#花火 3か月' },
    true,
  ],
  [
    'milestone comment without the keyword',
    { keyword: '#花火' },
    { kind: 'membership', text: '3か月' },
    false,
  ],
  ['other kind does not', {}, { kind: 'other' }, false],
  ['members only: member', { membersOnly: true }, { isMember: true }, true],
  ['members only: non-member', { membersOnly: true }, {}, false],
  ['moderator excluded', { excludeModerators: true }, { isModerator: true }, false],
  ['owner excluded', { excludeModerators: true }, { isOwner: true }, false],
  ['moderator allowed when not excluded', {}, { isModerator: true, isOwner: true }, true],
  ['deleted comment', {}, { deletedAt: AT }, false],
  ['before the campaign', {}, { publishedAt: new Date(START.getTime() - 1) }, false],
  ['at the campaign start', {}, { publishedAt: START }, true],
  ['at the campaign end', {}, { publishedAt: END }, true],
  ['after the campaign', {}, { publishedAt: new Date(END.getTime() + 1) }, false],
  ['before the window', { windowStart: '2026-11-24T11:30:00Z' }, {}, false],
  ['inside the window', { windowStart: '2026-11-24T10:30:00Z', windowEnd: '2026-11-24T11:30:00Z' }, {}, true],
  ['after the window end', { windowEnd: '2026-11-24T10:30:00Z' }, {}, false],
  [
    'window may reach past the campaign',
    { windowEnd: '2026-11-24T13:00:00Z' },
    { publishedAt: new Date('2026-11-24T12:30:00Z') },
    true,
  ],
  [
    'all rules at once',
    { keyword: 'go', membersOnly: true, excludeModerators: true },
    { text: 'GO!', isMember: true },
    true,
  ],
];

const CLOSED = new Date('2026-11-24T11:00:00Z');

/**
 * [name, rule changes, comment changes, period changes, reason] — the reason the live room shows, and (null ⇔
 * eligible) the SQL form agreeing with it, entries closed by the last draw included.
 */
const REASONS: Array<
  [string, Partial<CampaignEntryRule>, Partial<EntryComment>, Partial<EntryPeriod>, CommentRuleReason | null]
> = [
  ['an entry', {}, {}, {}, null],
  ['deleted first', { keyword: 'x' }, { deletedAt: AT, text: 'y' }, {}, 'deleted'],
  ['not a chat message', {}, { kind: 'membership', text: '' }, {}, 'notChat'],
  ['before the start', {}, { publishedAt: new Date(START.getTime() - 1) }, {}, 'notStarted'],
  ['before the window', { windowStart: '2026-11-24T11:30:00Z' }, {}, {}, 'notStarted'],
  ['after the end', {}, { publishedAt: new Date(END.getTime() + 1) }, {}, 'ended'],
  ['at the close of entries', {}, { publishedAt: CLOSED }, { entriesClosedAt: CLOSED }, null],
  [
    'after the close of entries',
    {},
    { publishedAt: new Date(CLOSED.getTime() + 1) },
    { entriesClosedAt: CLOSED },
    'entriesClosed',
  ],
  [
    'after the end, entries closed even later',
    {},
    { publishedAt: new Date(END.getTime() + 1) },
    { entriesClosedAt: new Date(END.getTime() + 60_000) },
    'ended',
  ],
  ['members only', { membersOnly: true }, {}, {}, 'membersOnly'],
  ['moderator', { excludeModerators: true }, { isOwner: true }, {}, 'moderator'],
  ['keyword', { keyword: '#花火' }, { text: 'きれい' }, {}, 'keyword'],
];

/** One database per backend holding one comment per table row; answers whether SQL accepts a row's comment. */
function ruleFixture(rows: ReadonlyArray<Partial<EntryComment>>, authorPrefix: string) {
  let database: Database | undefined;
  let drop: (() => Promise<void>) | undefined;
  let commentIds: string[] = [];
  return {
    async open(backend: Parameters<typeof openTestDatabase>[0]) {
      ({ database, drop } = await openTestDatabase(backend));
      await runMigrations(database);
      const db = database.db;
      const streamer = await insertUser(db, { type: 'streamer' });
      const goods = await insertGoods(db, streamer);
      const campaignId = await insertCampaign(db, {
        streamerId: streamer,
        goodsId: goods,
        startsAt: START,
        endsAt: END,
      });
      const streamId = (await insertStream(db, { campaignId, platform: 'youtube' })).id;
      commentIds = await insertComments(
        db,
        streamId,
        rows.map((comment, index) => ({
          ...base,
          ...comment,
          kind: (comment.kind ?? base.kind) as 'text',
          author: `${authorPrefix}${index}`,
        })),
      );
    },
    async close() {
      await database?.close();
      await drop?.();
    },
    async sqlAccepts(index: number, rule: CampaignEntryRule, period: EntryPeriod): Promise<boolean> {
      const found = await database!.db
        .select({ id: liveComment.id })
        .from(liveComment)
        .where(and(eq(liveComment.id, commentIds[index]!), eligibleCommentCondition(rule, period)));
      return found.length === 1;
    },
  };
}

describe.each(testBackends())('comment reasons: TypeScript and SQL agree on %s', (backend) => {
  const fixture = ruleFixture(
    REASONS.map(([, , comment]) => comment),
    'r',
  );
  beforeAll(() => fixture.open(backend));
  afterAll(() => fixture.close());

  it.each(REASONS.map((entry, index) => [entry[0], index] as const))('%s', async (_name, index) => {
    const [, ruleChanges, commentChanges, periodChanges, reason] = REASONS[index]!;
    const rule = { ...DEFAULT_RULE, ...ruleChanges };
    const period: EntryPeriod = { startsAt: START, endsAt: END, ...periodChanges };
    expect(commentRuleReason(rule, period, { ...base, ...commentChanges })).toBe(reason);
    expect(await fixture.sqlAccepts(index, rule, period)).toBe(reason === null);
  });
});

describe.each(testBackends())('entry rule: TypeScript and SQL agree on %s', (backend) => {
  const fixture = ruleFixture(
    CASES.map(([, , comment]) => comment),
    'a',
  );
  beforeAll(() => fixture.open(backend));
  afterAll(() => fixture.close());

  it.each(CASES.map((entry, index) => [entry[0], index] as const))('%s', async (_name, index) => {
    const [, ruleChanges, commentChanges, expected] = CASES[index]!;
    const rule = { ...DEFAULT_RULE, ...ruleChanges };
    const period: EntryPeriod = { startsAt: START, endsAt: END };
    expect(commentIsEligible(rule, period, { ...base, ...commentChanges })).toBe(expected);
    expect(await fixture.sqlAccepts(index, rule, period)).toBe(expected);
  });
});

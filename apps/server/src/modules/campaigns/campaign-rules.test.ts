import { describe, expect, it } from 'vitest';
import { checkCampaignRules, type CampaignDraft, type RuleFacts } from './campaign-rules.ts';

const now = new Date('2030-01-01T00:00:00Z');
const draft = (changes: Partial<CampaignDraft> = {}): CampaignDraft => ({
  status: 'scheduled',
  startsAt: new Date('2030-01-02T00:00:00Z'),
  endsAt: new Date('2030-01-03T00:00:00Z'),
  platforms: ['youtube', 'twitcasting'],
  prizeDigitalGoodsId: 'g1',
  copiesPerWinner: 2,
  winnerCount: 5,
  entryRule: {
    keyword: '参加',
    onePerPerson: true,
    membersOnly: false,
    excludeModerators: true,
    windowStart: null,
    windowEnd: null,
    cooldownDays: 0,
  },
  drawMode: { type: 'manual' },
  ...changes,
});
const facts = (changes: Partial<RuleFacts> = {}): RuleFacts => ({
  streamerId: 's1',
  now,
  prize: { streamerId: 's1', status: 'published', supply: 10, name: 'Badge' },
  reservedByOthers: 0,
  ...changes,
});
const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

describe('campaign rules', () => {
  it('never lets a campaign go below the winners it has handed over, and counts copies handed over', () => {
    const handedOver = { winners: 4, copies: 8 };
    // 4 winners handed (2 copies each): 4 is fine, 3 is refused.
    expect(checkCampaignRules(draft({ winnerCount: 4 }), facts({ handedOver }))).toEqual([]);
    const fewer = checkCampaignRules(draft({ winnerCount: 3 }), facts({ handedOver }));
    expect(fewer).toEqual([
      { field: 'body.winnerCount', message: expect.stringContaining('4 winners have already been handed') },
    ]);
    // Copies handed over count even when the plan asks fewer: 8 handed + 3 reserved elsewhere > 10.
    const tight = checkCampaignRules(
      draft({ winnerCount: 4, copiesPerWinner: 1 }),
      facts({ handedOver, reservedByOthers: 3 }),
    );
    expect(tight).toEqual([
      { field: 'body.winnerCount', message: expect.stringContaining('8 copies already handed over') },
    ]);
    expect(
      checkCampaignRules(
        draft({ winnerCount: 4, copiesPerWinner: 1 }),
        facts({ handedOver, reservedByOthers: 2 }),
      ),
    ).toEqual([]);
  });

  it('accepts a sound campaign', () => {
    expect(checkCampaignRules(draft(), facts())).toEqual([]);
  });

  it('wants the end after the start, and in the future once published', () => {
    expect(fields(checkCampaignRules(draft({ endsAt: new Date('2030-01-02T00:00:00Z') }), facts()))).toEqual([
      'body.endsAt',
    ]);
    const past = draft({
      startsAt: new Date('2029-01-01T00:00:00Z'),
      endsAt: new Date('2029-02-01T00:00:00Z'),
    });
    expect(fields(checkCampaignRules(past, facts()))).toEqual(['body.endsAt']);
    expect(checkCampaignRules({ ...past, status: 'draft' }, facts())).toEqual([]);
  });

  it('limits the keyword to what every chosen platform carries', () => {
    const keyword = 'あ'.repeat(141);
    const rule = { ...draft().entryRule, keyword };
    expect(fields(checkCampaignRules(draft({ entryRule: rule }), facts()))).toEqual([
      'body.entryRule.keyword',
    ]);
    expect(checkCampaignRules(draft({ entryRule: rule, platforms: ['youtube'] }), facts())).toEqual([]);
  });

  it('keeps the entry window inside the period and in order', () => {
    const rule = {
      ...draft().entryRule,
      windowStart: '2030-01-02T12:00:00Z',
      windowEnd: '2030-01-02T06:00:00Z',
    };
    expect(fields(checkCampaignRules(draft({ entryRule: rule }), facts()))).toEqual([
      'body.entryRule.windowEnd',
    ]);
    const outside = { ...draft().entryRule, windowStart: '2030-01-01T12:00:00Z' };
    expect(fields(checkCampaignRules(draft({ entryRule: outside }), facts()))).toEqual([
      'body.entryRule.windowStart',
    ]);
  });

  it('needs YouTube for members-only entry', () => {
    const rule = { ...draft().entryRule, membersOnly: true };
    expect(
      fields(checkCampaignRules(draft({ entryRule: rule, platforms: ['twitcasting'] }), facts())),
    ).toEqual(['body.entryRule.membersOnly']);
  });

  it('wants your own published prize with enough copies left', () => {
    expect(fields(checkCampaignRules(draft(), facts({ prize: null })))).toEqual([
      'body.prize.digitalGoodsId',
    ]);
    const foreign = facts({ prize: { streamerId: 's2', status: 'published', supply: 10, name: 'X' } });
    expect(fields(checkCampaignRules(draft(), foreign))).toEqual(['body.prize.digitalGoodsId']);
    const unpublished = facts({ prize: { streamerId: 's1', status: 'draft', supply: 10, name: 'X' } });
    expect(fields(checkCampaignRules(draft(), unpublished))).toEqual(['body.prize.digitalGoodsId']);
    expect(checkCampaignRules(draft({ status: 'draft' }), unpublished)).toEqual([]);
    const problems = checkCampaignRules(draft(), facts({ reservedByOthers: 1 }));
    expect(fields(problems)).toEqual(['body.winnerCount']);
    expect(problems[0]!.message).toContain('only 9 of 10');
  });
});

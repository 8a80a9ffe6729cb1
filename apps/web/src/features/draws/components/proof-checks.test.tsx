import { describe, expect, it } from 'vitest';
import { RECORD_MATCHES } from '@hanabi/draw/phrases';
import { i18n } from '../../../lib/i18n';
import { inWords } from './proof-checks';

describe('proof check values', () => {
  it("put the verifier's words about the entrant list in the reader's language", () => {
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    expect(inWords('entrants', '22 distinct, sorted', ja)).toBe('重複なし・並べ替え済みの 22 件');
    expect(inWords('entrants', 'not distinct and sorted', ja)).toBe('重複があるか、並べ替えられていません');
    expect(inWords('entrants', '1 distinct, sorted', en)).toBe('1 distinct, sorted');
  });

  it('leave data (hashes, seeds, keys) as it is', () => {
    const ja = i18n.getFixedT('ja');
    expect(inWords('seed', '22 distinct, sorted', ja)).toBe('22 distinct, sorted');
    expect(inWords('entrants', 'printable ASCII keys', ja)).toBe('printable ASCII keys');
  });

  it('put a failed beacon in the reader’s language from its problem code, and leave it as sent without one', () => {
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    const problem = {
      code: 'round-not-first',
      round: '1000',
      closedAt: '2023-08-23T15:09:27.000Z',
      first: '1001',
    } as const;
    expect(inWords('beacon', 'sent in English', ja, problem)).toBe(
      'ラウンド 1000 は 2023-08-23T15:09:27.000Z の締切後の最初のラウンドではありません（最初はラウンド 1001）',
    );
    expect(inWords('beacon', 'sent in English', en, problem)).toBe(
      'round 1000 is not the first after the close at 2023-08-23T15:09:27.000Z (that is round 1001)',
    );
    expect(
      inWords('beacon', 'x', ja, { code: 'field-unexpected', round: '5', field: 'previousSignature' }),
    ).toBe('ラウンド 5 に、その出所にはない前のラウンドの署名が付いています');
    expect(inWords('beacon', 'sent in English', ja)).toBe('sent in English');
  });

  it("put the public record's verdict in the reader's language from its problem codes, every one of them", () => {
    const ja = i18n.getFixedT('ja');
    const en = i18n.getFixedT('en');
    expect(inWords('record', RECORD_MATCHES, ja)).toBe('チェーン上のコミットメントの記録と一致');
    expect(inWords('record', RECORD_MATCHES, en)).toBe('The on-chain commitment record matches');
    const problems = [
      { code: 'field-mismatch', field: 'closedAt', published: '1700000030', recorded: '1700000000' },
      { code: 'record-late', blockTime: 'B', round: '7', roundTime: 'R' },
    ] as const;
    expect(inWords('record', 'sent in English', ja, null, [...problems])).toBe(
      '締切時刻 Tが、証明では 1700000030、チェーン上では 1700000000 です; 記録はラウンド 7 の公開（R）より後の B に書かれたため、抽選は無効です',
    );
    expect(inWords('record', 'sent in English', en, null, [...problems])).toBe(
      'the close time T is 1700000030 in the proof but 1700000000 on chain; the record was written at B, once round 7 was public (R): the draw is void',
    );
    expect(inWords('record', 'x', ja, null, [{ code: 'rpc-unreachable', detail: 'fetch failed' }])).toBe(
      'チェーンの RPC が応答しませんでした（fetch failed）',
    );
  });
});

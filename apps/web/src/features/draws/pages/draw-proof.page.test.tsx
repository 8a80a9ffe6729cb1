import type { PublicDraw } from '@hanabi/api';
import {
  DRAW_ALGORITHM,
  canonicalEntrants,
  entrantsHashOf,
  newSecret,
  pickWinners,
  seedOf,
  type DrawProof,
} from '@hanabi/draw';
import { defaultChainProof } from '@hanabi/draw/default-rounds';
import { flipBit, quicknetProof } from '@hanabi/draw/quicknet-rounds';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A real draw made with the same library the server uses: 250 entrants, 2 winners. */
async function honestProof(): Promise<DrawProof> {
  const { secret, commitment } = await newSecret();
  const entrants = canonicalEntrants(Array.from({ length: 250 }, (_, index) => `youtube:UCviewer${index}`));
  const entrantsHash = await entrantsHashOf(entrants);
  const beacon = {
    source: 'chain:31337',
    round: '42',
    value: 'ab'.repeat(32),
    signature: null,
    previousSignature: null,
  };
  const seed = await seedOf({ secret, entrantsHash, beaconValue: beacon.value, drawId: 'd1' });
  const winners = (await pickWinners(seed, entrants.length, 2)).map((position) => entrants[position]!);
  return {
    algorithm: DRAW_ALGORITHM,
    drawId: 'd1',
    commitment,
    secret,
    closedAt: '2025-07-01T10:10:00.000Z',
    entrants,
    entrantsHash,
    beacon,
    seed,
    winnerCount: 2,
    winners,
  };
}

function publicDraw(proof: DrawProof, overrides: Partial<PublicDraw> = {}): PublicDraw {
  return {
    id: 'd1',
    campaignId: 'c1',
    round: 1,
    status: 'revealed',
    trigger: 'manual',
    commitment: proof.commitment,
    entrantsHash: proof.entrantsHash,
    entrantCount: proof.entrants.length,
    winnerCount: proof.winnerCount,
    beacon: proof.beacon,
    seed: proof.seed,
    redrawOf: null,
    failureCode: null,
    createdAt: '2025-07-01T10:00:00.000Z',
    closedAt: '2025-07-01T10:10:00.000Z',
    freeze: null,
    revealedAt: '2025-07-01T10:10:05.000Z',
    campaignTitle: '夏祭りプレゼント',
    streamerName: '配信者はなび',
    algorithm: proof.algorithm,
    secret: proof.secret,
    winners: proof.winners.map((key, index) => ({
      entrantKey: key,
      displayName: `当選者${index + 1}`,
      excluded: false,
    })),
    redraws: ['d2'],
    withheld: null,
    history: [],
    beaconVerdict: {
      status: proof.beacon.source.startsWith('drand:') ? 'verified' : 'practice',
      problem: null,
    },
    record: null,
    ...overrides,
  };
}

/** A campaign's history: a failed first round, this draw with an exclusion, and its re-draw. */
const HISTORY: PublicDraw['history'] = [
  {
    id: 'd2',
    round: 3,
    status: 'revealed',
    trigger: 'redraw',
    entrantCount: 249,
    createdAt: '2025-07-01T10:30:00.000Z',
    revealedAt: '2025-07-01T10:30:05.000Z',
    failureCode: null,
    withheld: null,
    redrawOf: 'd1',
    replaces: [{ winnerId: 'w1', displayName: '当選者1' }],
    winners: [],
  },
  {
    id: 'd1',
    round: 2,
    status: 'revealed',
    trigger: 'manual',
    entrantCount: 250,
    createdAt: '2025-07-01T10:00:00.000Z',
    revealedAt: '2025-07-01T10:10:05.000Z',
    failureCode: null,
    withheld: null,
    redrawOf: null,
    replaces: [],
    winners: [
      {
        id: 'w1',
        platform: 'youtube',
        displayName: '当選者1',
        excluded: true,
        exclusion: {
          reasonCode: 'duplicateAccount',
          note: '同じ人の別アカウント',
          at: '2025-07-01T10:20:00.000Z',
        },
        replacedBy: 'd2',
        awaitingLink: false,
      },
    ],
  },
  {
    id: 'd0',
    round: 1,
    status: 'failed',
    trigger: 'manual',
    entrantCount: 0,
    createdAt: '2025-07-01T09:00:00.000Z',
    revealedAt: null,
    failureCode: 'noEntrants',
    withheld: null,
    redrawOf: null,
    replaces: [],
    winners: [],
  },
];

function serve(draw: PublicDraw, proof: DrawProof | null) {
  return (url: string) => {
    if (url === '/api/draw/d1') return jsonResponse(200, draw);
    if (url === '/api/draw/d1/proof')
      return proof
        ? jsonResponse(200, proof)
        : jsonResponse(409, { error: { code: 'CONFLICT', message: 'not revealed' } });
    return undefined;
  };
}

describe('/draw/:id', { timeout: 20_000 }, () => {
  it('recomputes an honest practice draw in the browser and calls it practice, not verified (signed out)', async () => {
    const proof = await honestProof();
    renderApp('/draw/d1', { api: serve(publicDraw(proof), proof) });
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(verdict.getAttribute('data-ok')).toBe('false');
    expect(verdict.getAttribute('data-verdict')).toBe('practice');
    expect(within(verdict).getByText(/^練習用の抽選：/)).toBeTruthy();
    expect(within(verdict).queryByText(/検証済み/)).toBeNull();
    // Not green: the light yellow alert, not the filled teal one.
    expect(verdict.getAttribute('style')).toContain('yellow');
    expect(verdict.getAttribute('style')).not.toContain('teal');
    const beacon = screen.getByTestId('beacon-verdict');
    expect(beacon.getAttribute('data-status')).toBe('practice');
    expect(beacon.textContent).toContain('チェーン 31337 のブロック 42 のハッシュ');
    // The status badge is not green either.
    expect(screen.getByText('公開済み').closest('.mantine-Badge-root')!.getAttribute('style')).toContain(
      'var(--mantine-color-yellow-9)',
    );
    // The table of checks is its own chunk (decision 0120): it follows the verdict.
    await screen.findByTestId('proof-checks', {}, { timeout: 5000 });
    for (const name of ['algorithm', 'commitment', 'entrants', 'entrantsHash', 'seed', 'winners']) {
      expect(
        screen.getAllByTestId(`check-${name}`).every((row) => row.getAttribute('data-ok') === 'true'),
      ).toBe(true);
    }
    expect(screen.getAllByTestId('proof-winner').map((row) => row.textContent)).toEqual([
      `当選者1${proof.winners[0]}`,
      `当選者2${proof.winners[1]}`,
    ]);
    expect(screen.getByTestId('proof-commitment').textContent).toBe(proof.commitment);
    expect(screen.getByTestId('verify-command').textContent).toBe(
      `npm run verify-draw -- ${window.location.origin}/draw/d1`,
    );
    expect(screen.getByRole('link', { name: 'd2' }).getAttribute('href')).toBe('/draw/d2');

    // The entrant list is paged: never more than one page in the DOM.
    fireEvent.click(screen.getByRole('button', { name: '参加者リストを表示' }));
    const page = await screen.findByTestId('entrant-page');
    expect(within(page).getAllByRole('listitem')).toHaveLength(100);
  });

  it('shows which check fails for a tampered proof', async () => {
    const proof = await honestProof();
    // The published list gained an entrant after the hash was published.
    const tampered = { ...proof, entrants: canonicalEntrants([...proof.entrants, 'youtube:UCsneaky']) };
    renderApp('/draw/d1', { api: serve(publicDraw(proof), tampered) });
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(verdict.getAttribute('data-ok')).toBe('false');
    expect(verdict.getAttribute('data-verdict')).toBe('failed');
    expect(within(verdict).getByText(/検証できません/)).toBeTruthy();
    await screen.findByTestId('proof-checks', {}, { timeout: 5000 });
    expect(screen.getByTestId('check-entrantsHash').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('check-commitment').getAttribute('data-ok')).toBe('true');
  });

  it('checks the beacon of a real drand quicknet round, but without a public record calls the draw practice', async () => {
    const proof = await quicknetProof();
    renderApp('/draw/d1', { api: serve(publicDraw(proof), proof) });
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(verdict.getAttribute('data-ok')).toBe('false');
    expect(verdict.getAttribute('data-verdict')).toBe('practice');
    expect(verdict.getAttribute('style')).not.toContain('teal');
    expect(screen.getByTestId('record-verdict').textContent).toMatch(/乱数より前に公開された記録がない/);
    expect(screen.getByTestId('no-record')).toBeTruthy();
    const beacon = screen.getByTestId('beacon-verdict');
    expect(beacon.getAttribute('data-status')).toBe('verified');
    expect(beacon.textContent).toContain('drand quicknet のラウンド 1000 の BLS 署名');
    await screen.findByTestId('proof-checks', {}, { timeout: 5000 });
    expect(screen.getByTestId('check-beacon').getAttribute('data-ok')).toBe('true');
    expect(screen.getByTestId('check-beacon').textContent).toContain('締切後の最初のラウンド');
  });

  it('fails the draw when one bit of the drand signature was changed', async () => {
    const proof = await quicknetProof();
    const tampered = { ...proof, beacon: { ...proof.beacon, signature: flipBit(proof.beacon.signature!) } };
    renderApp('/draw/d1', { api: serve(publicDraw(proof), tampered) });
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(verdict.getAttribute('data-ok')).toBe('false');
    expect(verdict.getAttribute('style')).toContain('red');
    const beacon = screen.getByTestId('beacon-verdict');
    expect(beacon.getAttribute('data-status')).toBe('failed');
    // The reason in the reader's language, from the problem's code.
    const reason = 'ラウンド 1000 の署名が drand quicknet の公開鍵で確認できません';
    expect(beacon.textContent).toBe(`ビーコンを検証できません：${reason}`);
    await screen.findByTestId('proof-checks', {}, { timeout: 5000 });
    expect(screen.getByTestId('check-beacon').getAttribute('data-ok')).toBe('false');
    expect(screen.getByTestId('check-beacon').textContent).toContain(reason);
    expect(screen.getByTestId('check-seed').getAttribute('data-ok')).toBe('true');
  });

  it("shows every draw of the campaign: a failed one with why, an exclusion's reason and words, the re-draw", async () => {
    const proof = await honestProof();
    renderApp('/draw/d1', { api: serve(publicDraw(proof, { history: HISTORY }), null) });
    const history = await screen.findByTestId('draw-history', {}, { timeout: 5000 });
    const rows = within(history).getAllByTestId('history-draw');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['revealed', 'revealed', 'failed']);
    expect(within(rows[0]!).getByTestId('history-replaces').textContent).toBe(
      '当選者1 さんの代わりの再抽選。元の抽選： 第 2 回',
    );
    expect(within(rows[0]!).getByRole('link', { name: '第 2 回' }).getAttribute('href')).toBe('/draw/d1');
    // This page's own draw is not a link to itself; the others are.
    expect(within(rows[1]!).queryByRole('link', { name: '第 2 回' })).toBeNull();
    expect(within(rows[1]!).getByTestId('history-exclusion').textContent).toMatch(
      /^除外：重複アカウント（.+）$/,
    );
    expect(rows[1]!.textContent).toContain('配信者のコメント：「同じ人の別アカウント」');
    expect(within(rows[1]!).getByRole('link', { name: '第 3 回' }).getAttribute('href')).toBe('/draw/d2');
    expect(within(rows[2]!).getByTestId('history-failure').textContent).toBe(
      '参加条件を満たすコメントがなかったため、当選者なしで終わりました',
    );
  });

  it('says why a failed draw failed, in words, never the stored text', async () => {
    const proof = await honestProof();
    const draw = publicDraw(proof, { status: 'failed', failureCode: 'noEntrants', winners: [], redraws: [] });
    renderApp('/draw/d1', { api: serve(draw, null) });
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'この抽選は失敗しました：参加条件を満たすコメントがなかったため、当選者なしで終わりました',
    );
  });

  it('verifies a draw on a real round of the chained default chain, and gives the reason in English', async () => {
    const proof = await defaultChainProof();
    renderApp('/draw/d1', { api: serve(publicDraw(proof), proof) });
    const verdict = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
    expect(verdict.getAttribute('data-verdict')).toBe('practice'); // no public record
    expect(screen.getByTestId('beacon-verdict').getAttribute('data-status')).toBe('verified');
    expect(screen.getByTestId('beacon-verdict').textContent).toContain(
      'drand default のラウンド 72785 の BLS 署名',
    );
    cleanup();

    await i18n.changeLanguage('en');
    try {
      const tampered = {
        ...proof,
        beacon: { ...proof.beacon, previousSignature: flipBit(proof.beacon.previousSignature!) },
      };
      renderApp('/draw/d1', { api: serve(publicDraw(proof), tampered) });
      const failed = await screen.findByTestId('verdict', {}, { timeout: 10_000 });
      expect(failed.getAttribute('data-verdict')).toBe('failed');
      expect(screen.getByTestId('beacon-verdict').textContent).toBe(
        "The beacon does not verify: the signature of round 72785 does not verify against drand default's public key",
      );
    } finally {
      await i18n.changeLanguage('ja');
    }
  });

  it('shows the public record and reads it through the RPC the reader gives', async () => {
    const record = { chainId: 137, registry: `0x${'12'.repeat(20)}`, txHash: `0x${'34'.repeat(32)}` };
    const proof = { ...(await quicknetProof()), record };
    const shown = publicDraw(proof, {
      record: { ...record, blockNumber: 99, blockTime: '2023-08-23T15:12:00.000Z', number: 1 },
    });
    renderApp('/draw/d1', { api: serve(shown, proof) });
    // No RPC published by this server: the record is shown, not read, so the draw is not called verified.
    const panel = await screen.findByTestId('record', {}, { timeout: 10_000 });
    expect(panel.textContent).toContain(record.txHash);
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('practice');
    expect(screen.getByTestId('record-verdict').textContent).toMatch(/公開記録をまだ読めていない/);
    // The reader's own RPC (here one that does not answer): now the record is checked, and it does not hold.
    fireEvent.change(within(panel).getByTestId('record-rpc'), { target: { value: 'http://127.0.0.1:9' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'この RPC で確認' }));
    await vi.waitFor(
      () => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('failed'),
      { timeout: 15_000 },
    );
    expect(screen.getByTestId('record').textContent).toContain('http://127.0.0.1:9');
    // Why, in the page's language (decision 0204), not the library's English.
    const row = await screen.findByTestId('check-record', {}, { timeout: 5000 });
    expect(row.getAttribute('data-ok')).toBe('false');
    expect(row.textContent).toContain('チェーンの RPC が応答しませんでした');
    expect(row.textContent).not.toContain('did not answer');
  });

  it('shows the commitment and waits for the beacon before the reveal', async () => {
    const proof = await honestProof();
    const draw = publicDraw(proof, {
      status: 'closed',
      secret: null,
      seed: null,
      beacon: null,
      winners: [],
      redraws: [],
    });
    renderApp('/draw/d1', { api: serve(draw, null) });
    expect(await screen.findByTestId('waiting-beacon', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('proof-commitment').textContent).toBe(proof.commitment);
    expect(screen.queryByTestId('verdict')).toBeNull();
  });

  it('says the result is withheld once its round is out and the reveal overdue, and who can open S', async () => {
    const proof = await honestProof();
    const withheld = { since: '2025-07-01T10:20:30.000Z', sealed: true };
    const draw = publicDraw(proof, {
      status: 'closed',
      secret: null,
      seed: null,
      winners: [],
      redraws: [],
      withheld,
      history: [{ ...HISTORY[0]!, id: 'd1', status: 'closed', withheld: { ...withheld, sealed: false } }],
    });
    renderApp('/draw/d1', { api: serve(draw, null) });
    const alert = await screen.findByTestId('withheld', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('このサーバーは結果を公開していません');
    expect(alert.textContent).toContain('誰でも開けて');
    expect(screen.queryByTestId('waiting-beacon')).toBeNull();
    expect(screen.getAllByText('結果が未公開（期限切れ）').length).toBeGreaterThan(0);
    const entry = screen
      .getAllByTestId('history-draw')
      .find((item) => item.getAttribute('data-status') === 'withheld');
    expect(entry?.textContent).toContain('秘密値 S はサーバーだけが持っています');
  });
});

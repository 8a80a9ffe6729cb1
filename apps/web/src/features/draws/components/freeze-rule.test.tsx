import type { PublicDraw } from '@hanabi/api';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { formatDateTime } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { FreezeRule } from './freeze-rule';

const T = new Date(2026, 10, 25, 21, 4, 9);
const iso = (ms: number) => new Date(T.getTime() + ms).toISOString();

function drawWith(freeze: PublicDraw['freeze']): PublicDraw {
  return { closedAt: T.toISOString(), freeze } as PublicDraw;
}

function renderRule(draw: PublicDraw) {
  return render(
    <AppProviders queryClient={createQueryClient()} mantineEnv="test">
      <FreezeRule draw={draw} />
    </AppProviders>,
  );
}

afterEach(async () => {
  await i18n.changeLanguage('ja');
});

describe("the proof page's rule for which comments count (decision 0204)", () => {
  it('says in Japanese that the platform’s publication time decides, and which chats had not caught up at the limit', () => {
    renderRule(
      drawWith({
        waitUntil: iso(30_000),
        frozenAt: iso(30_000),
        behind: [
          { platform: 'twitcasting', readThrough: null },
          { platform: 'youtube', readThrough: iso(-10_000) },
        ],
      }),
    );
    const rule = screen.getByTestId('freeze-rule').textContent!;
    expect(rule).toContain('配信サービスが締切時刻 T');
    expect(rule).toContain('21:04:09');
    expect(rule).toContain('Hanabi に届いた時刻ではありません');
    expect(screen.getByTestId('freeze-outcome').textContent).toContain('待ち時間の上限');
    expect(screen.getAllByTestId('freeze-behind').map((item) => item.textContent)).toEqual([
      'ツイキャス：一度も読み込まれていません',
      `YouTube：${formatDateTime(iso(-10_000), 'ja')} (21:03:59) まで読み込み済み`,
    ]);
  });

  it('says in English that every chat had been read past T before the freeze, or that it is still waiting', async () => {
    await i18n.changeLanguage('en');
    const { unmount } = renderRule(drawWith({ waitUntil: iso(30_000), frozenAt: iso(3_000), behind: [] }));
    expect(screen.getByTestId('freeze-rule').textContent).toContain(
      'the platform published at or before the close time T',
    );
    expect(screen.getByTestId('freeze-outcome').textContent).toMatch(
      /^Before freezing the entrants, the draw waited until every chat had been read past T/,
    );
    expect(screen.queryByTestId('freeze-behind')).toBeNull();
    unmount();
    renderRule(drawWith({ waitUntil: iso(30_000), frozenAt: null, behind: null }));
    expect(screen.getByTestId('freeze-outcome').textContent).toContain(
      'Waiting for comments written before the close to arrive (comments up to 21:04:09',
    );
  });

  it('says a draw closed before the rule counted what had arrived by T', () => {
    renderRule(drawWith(null));
    expect(screen.getByTestId('freeze-rule').textContent).toContain('以前の方式');
  });
});

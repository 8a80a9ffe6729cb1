import type { StreamerProfile } from '@hanabi/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeCampaign } from '../../../test/audience-fixtures';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const campaign = makeCampaign();
const profile: StreamerProfile = {
  streamer: {
    ...campaign.user,
    bio: '金曜の夜に配信',
    followerCount: 4,
    activeCampaignCount: 1,
    isFollowing: false,
  },
  links: [{ platform: 'youtube', label: 'はなびch', url: 'https://www.youtube.com/channel/UC1' }],
  campaigns: [campaign],
  goods: [],
};

describe('/audience/streamer/:id', () => {
  it('shows the profile and follows, updating the count in place', async () => {
    const follows: string[] = [];
    renderApp('/audience/streamer/s1', {
      account: makeAccount({ type: 'audience' }),
      api: (url, init) => {
        if (url === '/api/streamer/s1/follow') {
          follows.push(init?.method ?? 'GET');
          return jsonResponse(200, { streamerId: 's1', isFollowing: true, followerCount: 5 });
        }
        if (url === '/api/streamer/s1') return jsonResponse(200, profile);
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '配信者はなび' })).toBeTruthy();
    expect(screen.getByTestId('follower-count').textContent).toContain('フォロワー 4人');
    expect(screen.getByRole('link', { name: 'はなびch' }).getAttribute('href')).toBe(
      '/externalRedirect?externalUrl=https%3A%2F%2Fwww.youtube.com%2Fchannel%2FUC1',
    );
    expect(screen.getAllByTestId('campaign-card')).toHaveLength(1);
    expect(screen.getByText('公開中のデジタルグッズはまだありません。')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'フォローする（配信者はなびさん）' }));
    await waitFor(() => expect(screen.getByTestId('follower-count').textContent).toContain('フォロワー 5人'));
    expect(screen.getByRole('button', { name: 'フォロー中（配信者はなびさん）' }).textContent).toBe(
      'フォロー中',
    );
    expect(follows).toEqual(['POST']);
  });
});

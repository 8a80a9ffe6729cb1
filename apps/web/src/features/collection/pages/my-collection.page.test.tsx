import type { Collection, CollectionItem } from '@hanabi/api';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = makeAccount({ id: 'viewer1', type: 'audience' });
const streamer = {
  id: 's1',
  name: '配信者はなび',
  avatarUrl: '/assets/images/avatar.svg',
  youtubeChannelId: null,
  youtubeTitle: null,
  youtubeThumbnailUrl: null,
  twitcastingScreenId: null,
  twitcastingName: null,
  twitcastingImageUrl: null,
};

function item(id: string, state: CollectionItem['state'], tokenId: string): CollectionItem {
  return {
    id,
    goods: {
      id: `g${tokenId}`,
      name: `花火 ${tokenId}`,
      description: '',
      image: null,
      animation: null,
      tokenId,
      supply: 10,
      imageUri: null,
      imageGatewayUrl: null,
      tokenUri: null,
      metadataGatewayUrl: null,
      streamer,
    },
    campaign: state === 'delivered' ? { id: 'c1', title: '夏祭り' } : null,
    source: state === 'held' ? 'manual' : 'draw',
    amount: '1',
    state,
    txHash: null,
    blockNumber: null,
    receivedAt: '2025-07-01T10:00:00.000Z',
    confirmedAt: null,
  };
}

function collection(changes: Partial<Collection>): Collection {
  return {
    owner: streamer,
    isOwner: true,
    isPublic: false,
    items: [],
    balances: [],
    chainReachable: true,
    ...changes,
  };
}

describe('/audience/collection', () => {
  it('shows each prize with its state and balance, and says when the chain could not be read', async () => {
    renderApp('/audience/collection', {
      account,
      api: (url) =>
        url.startsWith('/api/collection/viewer1')
          ? jsonResponse(
              200,
              collection({
                items: [item('d1', 'delivered', '1'), item('h1', 'held', '2'), item('d2', 'queued', '3')],
                balances: [
                  { tokenId: '1', balance: null },
                  { tokenId: '2', balance: null },
                  { tokenId: '3', balance: null },
                ],
                chainReachable: false,
              }),
            )
          : undefined,
    });
    const cards = await screen.findAllByTestId('collection-item');
    expect(cards.map((card) => within(card).getByTestId('collection-state').textContent)).toEqual([
      '受け取り済み',
      '受け取り待ち',
      'お届け中',
    ]);
    expect(within(cards[0]!).getByText('配信者はなび · 夏祭り')).toBeTruthy();
    expect(within(cards[1]!).getByText('ウォレットを設定すると届きます。')).toBeTruthy();
    expect(within(cards[2]!).getByTestId('on-chain-balance').textContent).toBe('ウォレット残高: 未確認');
    expect(screen.getByTestId('chain-unreachable')).toBeTruthy();
    expect(screen.getByTestId('collection-privacy').textContent).toBe(
      'コレクションは自分だけに表示されています。',
    );
  });

  it('leads a new member to campaigns when there is nothing yet', async () => {
    renderApp('/audience/collection', {
      account,
      api: (url) =>
        url.startsWith('/api/collection/viewer1') ? jsonResponse(200, collection({})) : undefined,
    });
    expect(await screen.findByRole('link', { name: 'キャンペーンを探す' })).toBeTruthy();
    expect(screen.queryByTestId('chain-unreachable')).toBeNull();
  });
});

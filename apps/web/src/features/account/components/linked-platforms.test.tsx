import type { PlatformConnections } from '@hanabi/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { jsonResponse, makeAccount } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const youtube: NonNullable<PlatformConnections['youtube']> = {
  platform: 'youtube',
  platformUserId: 'UCviewer1',
  screenId: null,
  displayName: '視聴者チャンネル',
  imageUrl: null,
  canReadChat: false,
  needsReconnect: false,
  connectedAt: '2025-07-01T09:00:00.000Z',
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function connectionsApi(initial: PlatformConnections) {
  const calls: { url: string; method: string }[] = [];
  const api = (url: string, init: RequestInit | undefined) => {
    const method = init?.method ?? 'GET';
    if (!url.startsWith('/api/oauth')) return undefined;
    calls.push({ url, method });
    if (url === '/api/oauth/connections') return jsonResponse(200, initial);
    if (url === '/api/oauth/youtube/channelId' && method === 'DELETE')
      return jsonResponse(200, { youtube: null, twitcasting: null });
    if (url.startsWith('/api/oauth/twitcasting/account/url'))
      return jsonResponse(200, { url: 'https://consent.example/tc' });
    return undefined;
  };
  return { api, calls };
}

describe('account page: linked platforms', { timeout: 20_000 }, () => {
  it('unlinks YouTube after confirmation and links TwitCasting through its consent page', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const { api, calls } = connectionsApi({ youtube, twitcasting: null });
    renderApp('/audience/account', { account: makeAccount({ type: 'audience' }), api });
    const section = await screen.findByTestId('linked-platforms', {}, { timeout: 5000 });
    expect(within(section).getByText(/賞品があなたに届きます/)).toBeTruthy();
    expect(await within(section).findByText('視聴者チャンネル', {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'YouTube の連携を解除' }));
    fireEvent.click(await screen.findByRole('button', { name: '連携を解除' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ url: '/api/oauth/youtube/channelId', method: 'DELETE' }),
    );
    expect(await within(section).findByRole('button', { name: 'YouTube を連携する' })).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'ツイキャス を連携する' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://consent.example/tc'));
    expect(calls.find((call) => call.url.startsWith('/api/oauth/twitcasting/account/url'))?.url).toBe(
      '/api/oauth/twitcasting/account/url?returnTo=%2Faudience%2Faccount',
    );
  });

  it('says in words why linking failed, then drops the query', async () => {
    const { api } = connectionsApi({ youtube: null, twitcasting: null });
    const { router } = renderApp('/streamer/account?connectError=alreadyLinked', {
      account: makeAccount(),
      api,
    });
    expect(
      await screen.findByText(
        'このアカウントは、すでに別の Hanabi アカウントに連携されています。',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(router.location.search).toBe(''));
  });

  it('confirms a successful link', async () => {
    const { api } = connectionsApi({ youtube, twitcasting: null });
    renderApp('/streamer/account?connected=youtube', { account: makeAccount(), api });
    expect(await screen.findByText('YouTube を連携しました', {}, { timeout: 5000 })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const embedded = {
  mode: 'embedded' as const,
  externalRedirectAllowedHosts: [],
  chainId: 31337,
  defaultLocale: 'ja' as const,
};

const streamer = {
  platform: 'youtube',
  id: 'UCstreamer000000000000000',
  screenId: 'hanabi_streamer',
  name: 'Hanabi Streamer',
  imageUrl: '',
  selectable: true,
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dev/sandbox', () => {
  it('goes live, posts a Super Chat as a viewer and deletes a comment through the console API', async () => {
    const streams: unknown[] = [];
    const messages = [
      {
        id: 'm1',
        type: 'text',
        authorId: 'UCviewer',
        text: 'hello',
        isMember: true,
        isModerator: false,
        superChat: null,
        publishedAt: '2025-01-01T00:00:00.000Z',
        removed: false,
      },
    ];
    const sent: { method: string; url: string; body: unknown }[] = [];
    const { fetchMock } = renderApp('/dev/sandbox', {
      config: embedded,
      api: (url, init) => {
        const method = init?.method ?? 'GET';
        if (!url.startsWith('/sandbox/api')) return undefined;
        if (method !== 'GET') {
          sent.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        }
        if (url === '/sandbox/api/state') {
          return jsonResponse(200, { accounts: [streamer], streams, settings: {} });
        }
        if (url === '/sandbox/api/streams' && method === 'POST') {
          streams.push({
            platform: 'youtube',
            id: 'vid1',
            ownerId: streamer.id,
            title: 'Sandbox live',
            liveChatId: 'chat1',
            startedAt: '2025-01-01T00:00:00.000Z',
            endedAt: null,
            autoChatter: null,
          });
          return jsonResponse(201, streams[0]);
        }
        if (url.endsWith('/messages') && method === 'GET') return jsonResponse(200, { messages });
        if (url.endsWith('/messages')) return jsonResponse(201, {});
        if (method === 'DELETE') return new Response(null, { status: 204 });
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '配信開始' }));
    expect(await screen.findByText('配信中')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('コメント', { selector: 'input' }), {
      target: { value: 'thanks' },
    });
    fireEvent.change(screen.getByLabelText('スーパーチャット（円）'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() => expect(sent.some((s) => s.url === '/sandbox/api/streams/vid1/messages')).toBe(true));
    expect(sent.find((s) => s.url.endsWith('/messages'))!.body).toMatchObject({
      text: 'thanks',
      superChat: { amountMicros: '500000000', currency: 'JPY' },
    });

    const row = await screen.findByTestId('sandbox-message');
    expect(within(row).getByText('hello')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '削除' }));
    await waitFor(() =>
      expect(
        sent.some((s) => s.method === 'DELETE' && s.url === '/sandbox/api/streams/vid1/messages/m1'),
      ).toBe(true),
    );
    expect(fetchMock).toHaveBeenCalled();
  });

  it('says it only exists in embedded mode otherwise', async () => {
    renderApp('/dev/sandbox', { config: { ...embedded, mode: 'production' } });
    expect(await screen.findByText('サンドボックスは組み込みモードでのみ使えます。')).toBeTruthy();
  });
});

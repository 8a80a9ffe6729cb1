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

const link =
  'http://localhost:3000/api/auth/magic-link/verify?token=abc&callbackURL=%2Fsignup%2Fstreamer%2FfinishSignUp';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/dev/mailbox', () => {
  it('lists the messages with the sign-in link, and clears them after confirmation', async () => {
    let messages = [
      {
        id: 'm3',
        to: 'winner@example.com',
        subject: 'Hanabi: 賞品を受け取る / Collect your prize',
        text: 'http://localhost:3000/collect/abc',
        html: '<p>…</p>',
        links: ['http://localhost:3000/collect/abc'],
        createdAt: '2025-01-02T03:05:05.000Z',
      },
      {
        id: 'm2',
        to: 'new@example.com',
        subject: 'Hanabi へのサインイン / Sign in to Hanabi',
        text: `Hanabi にサインインするには…\n${link}`,
        html: '<p>…</p>',
        links: [link],
        createdAt: '2025-01-02T03:04:05.000Z',
      },
    ];
    const { fetchMock } = renderApp('/dev/mailbox', {
      config: embedded,
      api: (url, init) => {
        if (url.startsWith('/api/dev/mailbox') && init?.method === 'DELETE') {
          messages = [];
          return new Response(null, { status: 204 });
        }
        if (url.startsWith('/api/dev/mailbox')) return jsonResponse(200, { messages });
        return undefined;
      },
    });
    const [collect, mail] = await screen.findAllByTestId('dev-mail');
    // Only a sign-in link is called one.
    expect(within(collect!).getByRole('link', { name: 'メールのリンクを開く' })).toBeTruthy();
    expect(within(mail!).getByText('new@example.com')).toBeTruthy();
    expect(within(mail!).getByRole('link', { name: 'ログインリンクを開く' }).getAttribute('href')).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'すべて削除' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'すべて削除' }));
    expect(await screen.findByText(/まだメールはありません/)).toBeTruthy();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE'),
      ).toBe(true),
    );
  });

  it('says it only exists in embedded mode otherwise', async () => {
    renderApp('/dev/mailbox', { config: { ...embedded, mode: 'production' } });
    expect(await screen.findByText(/開発モード（組み込みモード）でだけ利用できます/)).toBeTruthy();
  });
});

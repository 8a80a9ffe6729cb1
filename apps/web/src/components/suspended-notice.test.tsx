import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAccount } from '../test/fixtures';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const suspended = (url: string) =>
  url.startsWith('/api/myAccountBase')
    ? jsonResponse(403, { error: { code: 'ACCOUNT_SUSPENDED', message: 'This account is suspended.' } })
    : undefined;

describe('a suspended signed-in person', () => {
  it('is told why on the sign-in page they are sent to, not bounced silently', async () => {
    // better-auth still knows the session; Hanabi's own routes refuse the suspended account.
    const account = makeAccount({ type: 'streamer' });
    const { router } = renderApp('/streamer/home', { account, api: suspended });
    const notice = await screen.findByTestId('account-suspended');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('このアカウントは停止されています');
    expect(notice.textContent).toContain('運営により停止');
    await waitFor(() => expect(router.location.pathname).not.toBe('/streamer/home'));
    expect(screen.getByTestId('account-suspended')).toBeTruthy();
  });

  it('sees no notice when the account reads normally or signed out', async () => {
    renderApp('/streamer');
    await screen.findByTestId('area-name');
    expect(screen.queryByTestId('account-suspended')).toBeNull();
  });
});

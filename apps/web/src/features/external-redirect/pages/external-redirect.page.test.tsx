import { screen, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@hanabi/api';
import type { Mock } from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { externalNavigation } from './external-redirect.page';

const config: PublicConfig = {
  mode: 'embedded',
  externalRedirectAllowedHosts: ['youtube.com'],
  chainId: 31337,
  defaultLocale: 'ja',
};

const at = (url: string) => `/externalRedirect?externalUrl=${encodeURIComponent(url)}`;

let assign: Mock<(url: string) => void>;
beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(externalNavigation, 'assign').mockImplementation(assign);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/externalRedirect', () => {
  it('opens an allow-listed host in the same window', async () => {
    renderApp(at('https://www.youtube.com/watch?v=1'), { config });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.youtube.com/watch?v=1'));
  });

  it('shows any other http(s) target on an interstitial', async () => {
    renderApp(at('https://example.com/page?a=1'), { config });
    expect((await screen.findByTestId('external-target')).textContent).toBe('https://example.com/page?a=1');
    const link = screen.getByRole('link', { name: 'このサイトへ進む' });
    expect(link.getAttribute('href')).toBe('https://example.com/page?a=1');
    expect(screen.getByRole('button', { name: '戻る' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('refuses javascript: URLs', async () => {
    renderApp(at('javascript:alert(1)'), { config });
    expect(await screen.findByText('http または https 以外の URL は安全のため開けません。')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('uses the interstitial for everything when the config cannot be read', async () => {
    renderApp(at('https://youtube.com/'));
    expect((await screen.findByTestId('external-target')).textContent).toBe('https://youtube.com/');
    expect(assign).not.toHaveBeenCalled();
  });
});

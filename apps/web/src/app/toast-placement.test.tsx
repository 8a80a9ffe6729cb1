import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showSuccessToast } from '../lib/toast';
import { makeAccount } from '../test/fixtures';
import { renderApp } from '../test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('start below the header, so its menu and account button stay usable while one shows', async () => {
    renderApp('/streamer/home', { account: makeAccount() });
    await screen.findByTestId('account-menu', {}, { timeout: 5000 });
    act(() => {
      showSuccessToast('保存しました（配置テスト）');
    });
    const toast = await screen.findByText('保存しました（配置テスト）');
    const host = toast.closest('[data-position]') as HTMLElement;
    expect(host.getAttribute('data-position')).toBe('top-right');
    expect(host.style.top).toBe('calc(60px + var(--mantine-spacing-xs))');
  });
});

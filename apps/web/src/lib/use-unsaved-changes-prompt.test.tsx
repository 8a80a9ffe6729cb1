import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './i18n';
import { modalsHostReady } from './modals-host';
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt';

function Editor() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        edit
      </button>
      <Link to="/elsewhere">leave</Link>
    </>
  );
}

function renderEditor() {
  // This test's own ModalsProvider is the host the app would load lazily.
  modalsHostReady();
  const router = createMemoryRouter(
    [
      { path: '/editor', element: <Editor /> },
      { path: '/elsewhere', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/editor'] },
  );
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>,
  );
  return router;
}

const PROMPT = '保存されていないデータがあります。ページを離れますか？';

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChangesPrompt', () => {
  it('lets navigation through while nothing is unsaved', async () => {
    const router = renderEditor();
    fireEvent.click(screen.getByText('leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('asks before leaving, and stays when told to', async () => {
    const router = renderEditor();
    fireEvent.click(screen.getByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'このページに留まる' }));
    await waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull());
    expect(router.state.location.pathname).toBe('/editor');
  });

  it('leaves when confirmed', async () => {
    const router = renderEditor();
    fireEvent.click(screen.getByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    fireEvent.click(await screen.findByRole('button', { name: 'ページを離れる' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });

  it('arms the browser prompt on unload only while dirty', () => {
    renderEditor();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.click(screen.getByText('edit'));
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});

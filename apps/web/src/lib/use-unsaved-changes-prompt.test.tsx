import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, Route, Router, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import './i18n';
import { modalsHostReady } from './modals-host';
import { installBrowserHistory, navigate, useAppLocation } from './router';
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt';

function Editor() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesPrompt(dirty);
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        edit
      </button>
      <Link href="/elsewhere">leave</Link>
    </>
  );
}

function renderEditor() {
  // This test's own ModalsProvider is the host the app would load lazily.
  modalsHostReady();
  // The app's own location hook on jsdom's history: an entry before the editor, for Back.
  installBrowserHistory();
  navigate('/before', { replace: true });
  navigate('/editor');
  render(
    <MantineProvider env="test">
      <ModalsProvider>
        <Router hook={useAppLocation}>
          <Switch>
            <Route path="/editor" component={Editor} />
            <Route path="/elsewhere">
              <p>elsewhere</p>
            </Route>
            <Route path="/before">
              <p>before</p>
            </Route>
          </Switch>
        </Router>
      </ModalsProvider>
    </MantineProvider>,
  );
}

const pathname = () => window.location.pathname;

const PROMPT = '保存されていないデータがあります。ページを離れますか？';

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChangesPrompt', () => {
  it('lets navigation through while nothing is unsaved', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('leave'));
    await waitFor(() => expect(pathname()).toBe('/elsewhere'));
  });

  it('asks before leaving, and stays when told to', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'このページに留まる' }));
    await waitFor(() => expect(screen.queryByText(PROMPT)).toBeNull());
    expect(pathname()).toBe('/editor');
  });

  it('leaves when confirmed', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('edit'));
    fireEvent.click(screen.getByText('leave'));
    fireEvent.click(await screen.findByRole('button', { name: 'ページを離れる' }));
    await waitFor(() => expect(pathname()).toBe('/elsewhere'));
  });

  it('holds the back button: stays on the editor, and goes back once confirmed', async () => {
    renderEditor();
    fireEvent.click(screen.getByText('edit'));
    window.history.back();
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    await waitFor(() => expect(pathname()).toBe('/editor'));
    expect(screen.getByText('edit')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ページを離れる' }));
    expect(await screen.findByText('before')).toBeTruthy();
    expect(pathname()).toBe('/before');
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

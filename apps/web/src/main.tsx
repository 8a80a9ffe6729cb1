// Mantine's component styles: not needed by the first paint, so out of the render-blocking entry stylesheet. The
// entry's import of this module waits for them (Vite's preload), so the app never draws unstyled (decision 0191).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { silenceConsole, startBrowserErrorReporting } from './lib/error-reporting';
import { i18nReady, loadLocale } from './lib/i18n';

// Production only: no console output, and Sentry when the server's config names a DSN.
if (import.meta.env.PROD) {
  silenceConsole();
  void startBrowserErrorReporting(true);
}

// The messages left out of the first load (decision 0190), fetched while the app starts: lazy parts of a public
// page (menus, dialogs) and every other page find them in.
void loadLocale().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * A public page the server drew a first paint for (decision 0101) keeps it on screen until its pictures are drawn
 * (at most 3 s): React's page then shows the same pictures at the same size, which the browser does not count as
 * a new, later largest paint. Immediate for every other page.
 */
async function firstPaintShown(root: HTMLElement): Promise<void> {
  if (!root.querySelector('[data-first-paint]')) return;
  const pictures = [...root.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined));
  await Promise.race([Promise.all(pictures), new Promise((resolve) => setTimeout(resolve, 3000))]);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const root = createRoot(container);
// Immediate for Japanese; a stored other language first fetches its messages (no flash of Japanese or keys).
// The first render is a transition: React renders in slices and yields between them, so a slow phone's main
// thread is never blocked for the whole app at once (Total Blocking Time), and what is on screen (the server's
// first paint) stays until the app is ready to replace it (decision 0120).
void Promise.all([i18nReady, firstPaintShown(container)]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);

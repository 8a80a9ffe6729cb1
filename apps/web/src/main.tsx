import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { silenceConsole, startBrowserErrorReporting } from './lib/error-reporting';
import { i18nReady } from './lib/i18n';

// Production only: no console output, and Sentry when the server's config names a DSN.
if (import.meta.env.PROD) {
  silenceConsole();
  void startBrowserErrorReporting(true);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// Immediate for Japanese; a stored other language first fetches its messages (no flash of Japanese or keys).
void i18nReady.then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

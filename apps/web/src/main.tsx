import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { silenceConsole, startBrowserErrorReporting } from './lib/error-reporting';

// Production only: no console output, and Sentry when the server's config names a DSN.
if (import.meta.env.PROD) {
  silenceConsole();
  void startBrowserErrorReporting(true);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { cssVariablesResolver, theme } from './theme';

// The toast host renders after the first paint (its own chunk); toasts shown before it mounts wait in the store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
}

/**
 * i18n, TanStack Query, Mantine (light scheme, no ColorSchemeScript: the CSP forbids inline scripts, and
 * index.html already carries `data-mantine-color-scheme="light"`), notifications and modals.
 */
export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          forceColorScheme="light"
          env={mantineEnv}
        >
          <Suspense fallback={null}>
            {/* Toasts start below the header (global.css), never over its menu and account button. */}
            <Notifications position="top-right" limit={5} />
          </Suspense>
          <ModalsProvider>{children}</ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

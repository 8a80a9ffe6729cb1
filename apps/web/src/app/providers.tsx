import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { modalsHostReady } from '../lib/modals-host';
import { cssVariablesResolver, theme } from './theme';

// The toast host renders after the first paint (its own chunk); toasts shown before it mounts wait in the store.
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));
// The modals host too (Modal, ScrollArea, floating-ui, focus trap: decision 0103). Modals open through the
// `modals` event API (lib/modals.ts), which holds a dialog until this host has mounted.
const ModalsHost = lazy(async () => {
  const { ModalsProvider } = await import('@mantine/modals');
  return {
    default: function ModalsHost() {
      // The provider's listeners are set in its own effects, which run before this one.
      useEffect(modalsHostReady, []);
      const { t } = useTranslation();
      // Every dialog's close button is an icon: it needs a name (in the page's language).
      return <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }} />;
    },
  };
});

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
}

/**
 * TanStack Query, Mantine (light scheme, no ColorSchemeScript: the CSP forbids inline scripts, and
 * index.html already carries `data-mantine-color-scheme="light"`), notifications and modals.
 */
export function AppProviders({ queryClient, children, mantineEnv = 'default' }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        env={mantineEnv}
        // Responsive style props as one hoisted `<style>` per rule set in the head (React 19), not a `<style>` in
        // the body beside each component, which HTML does not allow (decision 0218).
        deduplicateInlineStyles
      >
        <Suspense fallback={null}>
          {/* Toasts start below the header (global.css), never over its menu and account button. */}
          <Notifications position="top-right" limit={5} />
        </Suspense>
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';

/** Shown when a page throws or its code chunk cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" ta="center" role="alert">
        <IconAlertTriangle size={48} stroke={1.5} aria-hidden />
        <Title order={1} size="h2">
          {t('errors.routeTitle')}
        </Title>
        <Text c="dimmed">{t('errors.routeBody')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errors.reload')}</Button>
      </Stack>
    </Center>
  );
}

interface RouteErrorBoundaryProps {
  /** The address shown: a new one clears the error (as the previous router's error screen did, decision 0195). */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  resetKey: string;
}

/** Catches what the routes throw (render errors, a chunk that fails to load) and shows `RouteErrorPage`. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { error: error ?? new Error('Route error') };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { useRouteError } from 'react-router';

/** Shown when a page throws or its code chunk cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('Route error', error);
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

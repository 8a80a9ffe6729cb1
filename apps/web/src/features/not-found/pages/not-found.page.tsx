import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';

/** Any path no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <title>{`${t('notFound.title')} | ${t('app.name')}`}</title>
      <IconMapQuestion size={48} stroke={1.5} aria-hidden />
      <Title order={1} size="h2">
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={520}>
        {t('notFound.body')}
      </Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

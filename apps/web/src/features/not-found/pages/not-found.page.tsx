import { Button, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';

/** Any path no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} | ${t('app.name')}`);
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
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

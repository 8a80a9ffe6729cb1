import { Box, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBroadcast, IconUsers } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { useConnectResult } from '../../../lib/use-connect-result';

/** `/`: what Hanabi is, and a choice between the streamer and the audience side. */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('app.name')} | ${t('app.tagline')}`);
  // A platform connect that came back signed out lands here (`?connectError=signInAgain|browserMismatch`).
  useConnectResult();
  return (
    <Stack gap="xl">
      <Box className="landing-hero" p={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} mb="sm">
          {t('landing.title')}
        </Title>
        <Text size="lg" maw={720}>
          {t('landing.lead')}
        </Text>
      </Box>
      <Title order={2} size="h3">
        {t('landing.choose')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding="lg">
          <Stack gap="sm" h="100%">
            <IconBroadcast size={36} stroke={1.5} aria-hidden color="var(--mantine-color-hanabi-7)" />
            <Title order={3} size="h4">
              {t('landing.streamerTitle')}
            </Title>
            <Text c="dimmed" style={{ flexGrow: 1 }}>
              {t('landing.streamerBody')}
            </Text>
            <Button component={Link} to="/streamer" data-testid="choose-streamer">
              {t('landing.streamerCta')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="sm" h="100%">
            <IconUsers size={36} stroke={1.5} aria-hidden color="var(--mantine-color-spark-8)" />
            <Title order={3} size="h4">
              {t('landing.audienceTitle')}
            </Title>
            <Text c="dimmed" style={{ flexGrow: 1 }}>
              {t('landing.audienceBody')}
            </Text>
            <Button component={Link} to="/audience" variant="outline" data-testid="choose-audience">
              {t('landing.audienceCta')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

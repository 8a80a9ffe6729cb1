import { AspectRatio, Box, Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/**
 * What `/campaign/:id` shows while its data loads: blocks in the places and sizes of the page's status line,
 * title, buttons, cover (16:9, at most 320 px) and prize card, so the content replaces them without a jump.
 */
export function CampaignDetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" role="status" aria-live="polite" data-testid="campaign-detail-skeleton">
      <VisuallyHidden>{t('session.loading')}</VisuallyHidden>
      <Group gap="sm" aria-hidden>
        <Skeleton h={20} w={72} radius="xl" />
        <Skeleton h={14} w={220} />
      </Group>
      <Skeleton h={32} w="70%" aria-hidden />
      <Group gap="sm" mt={-8} aria-hidden>
        <Skeleton h={30} w={110} radius="sm" />
        <Skeleton h={30} w={72} radius="sm" />
      </Group>
      <Box
        style={{ aspectRatio: '16 / 9', maxHeight: 320, width: '100%', minHeight: 0, overflow: 'hidden' }}
        aria-hidden
      >
        <Skeleton h="100%" radius="md" />
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" aria-hidden>
        <Card withBorder padding="md">
          <Card.Section>
            <AspectRatio ratio={1}>
              <Skeleton radius={0} />
            </AspectRatio>
          </Card.Section>
          <Stack gap={8} mt="sm">
            <Skeleton h={12} w={60} />
            <Skeleton h={22} w="60%" />
            <Skeleton h={14} w="80%" />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap={10}>
            <Skeleton h={12} w={80} />
            <Skeleton h={14} />
            <Skeleton h={14} w="90%" />
            <Skeleton h={14} w="75%" />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

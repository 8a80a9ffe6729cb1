import { AspectRatio, Card, Group, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/**
 * Loading placeholder for a grid of `CampaignCard`s: the same columns, the 16:9 picture and the text lines in
 * their sizes, so the cards take the space without moving what is below (no layout shift).
 */
export function CampaignCardSkeletons({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="campaign-card-skeletons">
      <VisuallyHidden>{t('session.loading')}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-hidden>
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} withBorder padding="sm">
            <Card.Section>
              <AspectRatio ratio={16 / 9}>
                <Skeleton radius={0} />
              </AspectRatio>
            </Card.Section>
            <Stack gap={6} mt="sm">
              <Group gap="xs" wrap="nowrap">
                <Skeleton h={20} w={64} radius="xl" />
                <Skeleton h={12} w={90} />
              </Group>
              <Skeleton h={18} w="85%" />
              <Skeleton h={12} w="70%" />
              <Skeleton h={16} w="60%" />
              <Group justify="flex-end">
                <Skeleton h={26} w={96} radius="sm" />
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}

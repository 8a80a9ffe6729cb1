import type { CollectionItem, PrizeState } from '@hanabi/api';
import { AspectRatio, Badge, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';

export const STATE_COLORS: Record<PrizeState, string> = {
  held: 'yellow.9',
  queued: 'blue.8',
  submitted: 'blue.8',
  delivered: 'teal.9',
  failed: 'red.9',
};

export function CollectionStateBadge({ state }: { state: PrizeState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="filled" data-testid="collection-state">
      {t(`collectionPage.state.${state}`)}
    </Badge>
  );
}

/** One prize in the collection grid: picture, name, state, when and how it came, its wallet balance. */
export function CollectionItemCard({
  item,
  balance,
}: {
  item: CollectionItem;
  balance: string | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" component="article" data-testid="collection-item">
      <Card.Section component={Link} to={`/collection/${item.goods.id}`}>
        <AspectRatio ratio={1}>
          {item.goods.image ? (
            <Image
              src={item.goods.image.url}
              alt={t('collectionPage.item.imageAlt', { name: item.goods.name })}
              fit="cover"
            />
          ) : (
            <Center bg="gray.1">
              <IconGift size={40} aria-hidden />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text
            component={Link}
            to={`/collection/${item.goods.id}`}
            fw={700}
            truncate="end"
            style={{ color: 'inherit' }}
          >
            {item.goods.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t('collectionPage.amount', { amount: item.amount })}
          </Text>
        </Group>
        <Group gap={6}>
          <CollectionStateBadge state={item.state} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('collectionPage.arrived', {
            date: formatDate(item.receivedAt, i18n.language),
            source: t(`collectionPage.source.${item.source}`),
          })}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {item.goods.streamer.name}
          {item.campaign ? ` · ${item.campaign.title}` : ''}
        </Text>
        {item.state === 'held' && (
          <Text size="xs" c="yellow.9">
            {t('collectionPage.heldHint')}
          </Text>
        )}
        {item.goods.tokenId && balance !== undefined && (
          <Text size="xs" c="dimmed" data-testid="on-chain-balance">
            {balance === null ? t('collectionPage.onChainUnknown') : t('collectionPage.onChain', { balance })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

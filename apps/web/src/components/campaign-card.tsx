import type { Campaign, CampaignStatus } from '@hanabi/api';
import { AspectRatio, Badge, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'wouter';
import { formatDateTime } from '../lib/format';
import { WatchButton } from './watch-button';
import { OnAirBadge } from './on-air-badge';

/** Filled, dark shades: white text keeps a contrast of at least 4.5:1 (as the campaign pages' badge). */
const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray.7',
  scheduled: 'blue.8',
  live: 'red.9',
  ended: 'dark.6',
};

/** A public campaign in a list: picture, status, title (link to `/campaign/{id}`), streamer, period, watch. */
export function CampaignCard({ campaign }: { campaign: Campaign }) {
  const { t, i18n } = useTranslation();
  const picture = campaign.coverImage ?? campaign.prize.digitalGoods.image;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Card withBorder padding="sm" data-testid="campaign-card" component="article">
      <Card.Section>
        <AspectRatio ratio={16 / 9}>
          {picture ? (
            <Image src={picture.url} alt="" fit="cover" />
          ) : (
            <Center bg="gray.1">
              <IconGift size={40} stroke={1.3} aria-hidden />
            </Center>
          )}
        </AspectRatio>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap="xs" wrap="nowrap">
          <Badge color={STATUS_COLORS[campaign.status]} variant="filled" style={{ flexShrink: 0 }}>
            {t(`campaigns.status.${campaign.status}`)}
          </Badge>
          {campaign.onAir && <OnAirBadge />}
          <Text size="xs" c="dimmed" truncate="end">
            {campaign.user.name}
          </Text>
        </Group>
        <Text
          component={Link}
          to={`/campaign/${campaign.id}`}
          fw={700}
          lineClamp={2}
          style={{ color: 'inherit' }}
          data-testid="campaign-card-title"
        >
          {campaign.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t('campaignBrowse.period', { start: when(campaign.startsAt), end: when(campaign.endsAt) })}
        </Text>
        <Text size="sm" lineClamp={1}>
          {t('campaignBrowse.prize', { name: campaign.prize.digitalGoods.name })}
        </Text>
        <Group justify="flex-end">
          <WatchButton campaign={campaign} size="xs" />
        </Group>
      </Stack>
    </Card>
  );
}

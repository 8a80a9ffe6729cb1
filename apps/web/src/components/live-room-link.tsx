import type { Campaign } from '@hanabi/api';
import { Button, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'wouter';
import { formatDateTime } from '../lib/format';

/** The streamer's live control room of a campaign. */
export const liveRoomPath = (campaignId: string) =>
  `/streamer/liveStreaming/${encodeURIComponent(campaignId)}`;

/** One line on where the campaign stands in time: starts at …, live until …, ended at … (decision 0070). */
export function CampaignStateText({
  campaign,
}: {
  campaign: Pick<Campaign, 'status' | 'startsAt' | 'endsAt'>;
}) {
  const { t, i18n } = useTranslation();
  const at =
    campaign.status === 'scheduled'
      ? formatDateTime(campaign.startsAt, i18n.language)
      : formatDateTime(campaign.endsAt, i18n.language);
  return (
    <Text size="xs" c="dimmed" data-testid="campaign-state">
      {t(`journey.state.${campaign.status}`, { at })}
    </Text>
  );
}

/**
 * The primary way from anywhere a streamer sees their campaign to its live room (issue 22, item 1). Drafts have
 * no live side yet, so they get none.
 */
export function LiveRoomButton({
  campaign,
  size = 'compact-sm',
}: {
  campaign: Pick<Campaign, 'id' | 'title' | 'status'>;
  size?: 'compact-sm' | 'sm';
}) {
  const { t } = useTranslation();
  if (campaign.status === 'draft') return null;
  return (
    <Button
      size={size}
      component={Link}
      to={liveRoomPath(campaign.id)}
      color={campaign.status === 'live' ? 'red.9' : undefined}
      leftSection={<IconBroadcast size={14} aria-hidden />}
      aria-label={t('journey.liveRoomOf', { title: campaign.title })}
      data-testid="open-live-room"
    >
      {t('journey.openLiveRoom')}
    </Button>
  );
}

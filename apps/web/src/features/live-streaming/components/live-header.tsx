import { CampaignStatus, type Campaign, type LiveOverview } from '@hanabi/api';
import {
  ActionIcon,
  Badge,
  Card,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconPointFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';

interface LiveHeaderProps {
  overview: LiveOverview;
  campaign: Campaign | undefined;
  /** The SSE stream is open. */
  connected: boolean;
}

/** Campaign, prize, the big entrant count, whether updates arrive live, and the OBS overlay URL to copy. */
export function LiveHeader({ overview, campaign, connected }: LiveHeaderProps) {
  const { t, i18n } = useTranslation();
  const overlayUrl = `${window.location.origin}/overlay/${encodeURIComponent(overview.campaignId)}`;
  // The overview carries the status as a plain string; unknown ones are shown as they come.
  const status = CampaignStatus.safeParse(overview.campaignStatus);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="live-campaign-title">
              {overview.campaignTitle}
            </Title>
            <Group gap={6}>
              <Badge variant="filled" color={status.data === 'live' ? 'red.9' : 'gray.7'}>
                {status.success ? t(`campaigns.status.${status.data}`) : overview.campaignStatus}
              </Badge>
              {campaign && (
                <Text size="sm" c="dimmed">
                  {t('liveRoom.prize', {
                    name: campaign.prize.digitalGoods.name,
                    count: campaign.winnerCount,
                  })}
                </Text>
              )}
            </Group>
          </Stack>
          <Badge
            variant={connected ? 'filled' : 'outline'}
            color={connected ? 'red.9' : 'gray.7'}
            leftSection={<IconPointFilled size={12} aria-hidden />}
            data-testid="live-indicator"
            data-connected={connected}
          >
            {connected ? t('liveRoom.liveUpdates') : t('liveRoom.offlineUpdates')}
          </Badge>
        </Group>
        <Group gap="xl" wrap="wrap" align="flex-end">
          <Stack gap={0}>
            <Text size="sm" c="dimmed" id="entrant-count-label">
              {t('liveRoom.entrants')}
            </Text>
            <Text
              fz={48}
              fw={800}
              lh={1.1}
              aria-labelledby="entrant-count-label"
              data-testid="entrant-count"
              role="status"
              aria-live="polite"
            >
              {overview.entrantCount.toLocaleString(i18n.language)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('liveRoom.comments')}
            </Text>
            <Text fz={24} fw={700}>
              {overview.commentCount.toLocaleString(i18n.language)}
            </Text>
          </Stack>
        </Group>
        <TextInput
          label={t('liveRoom.overlayUrl')}
          description={t('liveRoom.overlayHint')}
          value={overlayUrl}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={overlayUrl}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={t('liveRoom.copyOverlay')}>
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
      </Stack>
    </Card>
  );
}

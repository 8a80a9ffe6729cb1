import type { LivePlatformState, LiveStreamStatus } from '@hanabi/api';
import { Alert, Avatar, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlayerPlay, IconPlayerStop, IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { browserNavigation } from '../../../lib/browser-navigation';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import { liveKeys, liveStreamingConsentUrl, startLiveStream, stopLiveStream } from '../live-api';
import { YouTubeQuota } from './youtube-quota';

const STATUS_COLORS: Record<LiveStreamStatus, string> = {
  waiting: 'gray.7',
  live: 'red.9',
  ended: 'dark.6',
  error: 'orange.9',
};

interface PlatformCardProps {
  campaignId: string;
  state: LivePlatformState;
  /** This page's path: the consent page sends the browser back here. */
  returnTo: string;
}

/** One platform of the campaign: its connection, the stream read, counts, quota and the start/stop buttons. */
export function PlatformCard({ campaignId, state, returnTo }: PlatformCardProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { platform, connection, stream } = state;
  const platformName = t(`liveConnect.platform.${platform}`);
  const reading = stream !== null && (stream.status === 'live' || stream.status === 'waiting');

  const connect = useMutation({
    mutationFn: () => liveStreamingConsentUrl(platform, returnTo),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: liveKeys.all(campaignId) });
  const start = useMutation({
    mutationFn: () => startLiveStream(campaignId, platform),
    onSuccess: refresh,
    // 422 (not live now) is shown in the card where the button is, not as a toast that may be missed.
    onError: (error) => {
      if (!(isApiError(error) && error.status === 422)) showErrorToast(errorMessageOf(error));
    },
  });
  const stop = useMutation({
    mutationFn: () => stopLiveStream(campaignId, platform),
    onSuccess: refresh,
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const notLive = start.error && isApiError(start.error) && start.error.status === 422 ? start.error : null;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const quotaText = (used: number, budget: number) =>
    t('liveRoom.quota', { used: number(used), budget: number(budget) });

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={platformName}
      data-testid={`platform-${platform}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {platformName}
          </Title>
          {stream && (
            <Badge color={STATUS_COLORS[stream.status]} variant="filled" data-testid="stream-status">
              {t(`liveRoom.streamStatus.${stream.status}`)}
            </Badge>
          )}
        </Group>

        {connection ? (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={connection.imageUrl} alt="" size="sm" radius="xl" />
            <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
              {connection.displayName ?? connection.screenId ?? connection.platformUserId}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('liveRoom.notConnected', { platform: platformName })}
          </Text>
        )}

        {connection?.needsReconnect && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            {t('liveRoom.needsReconnect')}
          </Alert>
        )}

        {(!connection || connection.needsReconnect || !connection.canReadChat) && (
          <Button
            leftSection={<IconPlugConnected size={18} aria-hidden />}
            onClick={() => connect.mutate()}
            loading={connect.isPending}
            variant={connection ? 'light' : 'filled'}
          >
            {connection
              ? t('liveRoom.reconnect', { platform: platformName })
              : t('liveRoom.connect', { platform: platformName })}
          </Button>
        )}

        {connection && !connection.needsReconnect && connection.canReadChat && (
          <Group gap="xs">
            {reading ? (
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconPlayerStop size={18} aria-hidden />}
                onClick={() => stop.mutate()}
                loading={stop.isPending}
              >
                {t('liveRoom.stop')}
              </Button>
            ) : (
              <Button
                leftSection={<IconPlayerPlay size={18} aria-hidden />}
                onClick={() => start.mutate()}
                loading={start.isPending}
              >
                {t('liveRoom.start')}
              </Button>
            )}
          </Group>
        )}

        {notLive && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
            data-testid="not-live"
          >
            <Text size="sm" fw={600}>
              {t('liveRoom.notLiveTitle', { platform: platformName })}
            </Text>
            <Text size="sm">
              {notLive.code === 'UNEXPECTED_RESPONSE' ? t('liveRoom.notLiveHint') : errorMessageOf(notLive)}
            </Text>
          </Alert>
        )}

        {stream && (
          <Stack gap={6}>
            {stream.title && (
              <Text size="sm" fw={500} lineClamp={2}>
                {stream.title}
              </Text>
            )}
            <Group gap="lg">
              <Text size="sm">
                {t('liveRoom.comments')}: <b data-testid="stream-comments">{number(stream.commentCount)}</b>
              </Text>
              <Text size="sm">
                {t('liveRoom.entrants')}: <b>{number(stream.entrantCount)}</b>
              </Text>
            </Group>
            {platform === 'youtube' && <YouTubeQuota campaignId={campaignId} />}
            {stream.quotaBudget !== null ? (
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {quotaText(stream.quotaUsed, stream.quotaBudget)}
                </Text>
                <Progress
                  value={Math.min(100, (stream.quotaUsed / Math.max(1, stream.quotaBudget)) * 100)}
                  color={stream.quotaUsed >= stream.quotaBudget * 0.9 ? 'red' : 'blue'}
                  // Mantine gives the bar (the progressbar role) only an aria-label, not aria-labelledby.
                  aria-label={quotaText(stream.quotaUsed, stream.quotaBudget)}
                />
              </Stack>
            ) : (
              stream.rateLimitRemaining !== null && (
                <Text size="xs" c="dimmed">
                  {t('liveRoom.rateLimit', { n: number(stream.rateLimitRemaining) })}
                </Text>
              )
            )}
          </Stack>
        )}

        {stream?.lastError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('liveRoom.lastError')}
          >
            {stream.lastErrorCode
              ? t(`liveRoom.lastErrorCode.${stream.lastErrorCode}`, { platform: platformName })
              : stream.lastError}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useYouTubeQuota } from '../live-api';

/** The project's YouTube quota left today and when it runs out at the current pace (decision 0161). */
export function YouTubeQuota({ campaignId }: { campaignId: string }) {
  const { t, i18n } = useTranslation();
  const quota = useYouTubeQuota(campaignId, true);
  if (!quota.data) return null;
  const { left, limit, runsOutAt } = quota.data;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const time = runsOutAt
    ? new Date(runsOutAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' })
    : null;
  return (
    <Stack gap={0} data-testid="youtube-quota">
      <Text size="xs" c={left < limit * 0.1 ? 'red.9' : 'dimmed'}>
        {t('liveRoom.projectQuota', { left: number(left), limit: number(limit) })}
      </Text>
      <Text size="xs" c={time ? 'orange.9' : 'dimmed'}>
        {time ? t('liveRoom.quotaRunsOut', { time }) : t('liveRoom.quotaLasts')}
      </Text>
    </Stack>
  );
}

import { Badge } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';

/**
 * "On air" / 「配信中」: the platform reports the streamer broadcasting now (`campaign.onAir`), which is not the same
 * as the campaign being open for entries (its status badge says that).
 */
export function OnAirBadge() {
  const { t } = useTranslation();
  return (
    <Badge
      color="red.9"
      variant="outline"
      leftSection={<IconBroadcast size={12} aria-hidden />}
      style={{ flexShrink: 0 }}
      data-testid="on-air-badge"
    >
      {t('campaigns.onAir')}
    </Badge>
  );
}

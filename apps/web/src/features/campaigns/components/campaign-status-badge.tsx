import type { CampaignStatus } from '@hanabi/api';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** Filled, dark shades: white text on them keeps a contrast of at least 4.5:1. */
export const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'gray.7',
  scheduled: 'blue.8',
  live: 'red.9',
  ended: 'dark.6',
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" data-testid="campaign-status">
      {t(`campaigns.status.${status}`)}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type DeliveryState = 'held' | 'queued' | 'submitted' | 'confirmed' | 'failed' | 'cancelled';

const COLORS: Record<DeliveryState, string> = {
  held: 'grape.8',
  queued: 'gray.7',
  submitted: 'blue.9',
  confirmed: 'teal.9',
  failed: 'red.9',
  cancelled: 'dark.5',
};

/** Where one prize is on its way, in the reader's language. */
export function DeliveryStatusBadge({ status }: { status: DeliveryState }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="filled" autoContrast data-status={status}>
      {t(`deliveryStatus.${status}`)}
    </Badge>
  );
}

import type { DeliveryStatus } from '@hanabi/api';
import { Badge } from '@mantine/core';
import { useTranslation } from '../lib/i18n';

/** A delivery row's status (the contract's `DeliveryStatus`), or `held` for a claim not delivered yet. */
export type DeliveryState = 'held' | DeliveryStatus;

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
    <Badge
      color={COLORS[status]}
      variant="filled"
      autoContrast
      data-status={status}
      style={{ minWidth: 'max-content' }}
    >
      {t(`deliveryStatus.${status}`)}
    </Badge>
  );
}

import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/deliveries`. */
export function OperatorDeliveriesPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorDeliveries.title')}
      description={t('pages.operatorDeliveries.empty')}
      icon={<IconTruckDelivery size={32} stroke={1.5} aria-hidden />}
    />
  );
}

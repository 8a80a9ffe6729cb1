import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/dashboard`. */
export function OperatorDashboardPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorDashboard.title')}
      description={t('pages.operatorDashboard.empty')}
      icon={<IconLayoutDashboard size={32} stroke={1.5} aria-hidden />}
    />
  );
}

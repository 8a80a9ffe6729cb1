import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/streamer/editor/manual-distribution`: send digital goods to a list. */
export function ManualDistributionPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.manualDistribution.title')}
      description={t('pages.manualDistribution.empty')}
      icon={<IconSend size={32} stroke={1.5} aria-hidden />}
      next={{ to: '/streamer/editor/digitalgoods', label: t('pages.manualDistribution.next') }}
    />
  );
}

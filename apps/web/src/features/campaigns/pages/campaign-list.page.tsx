import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/audience/campaign`: campaigns and the watchlist. */
export function CampaignListPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.campaignList.title')}
      description={t('pages.campaignList.empty')}
      icon={<IconConfetti size={32} stroke={1.5} aria-hidden />}
    />
  );
}

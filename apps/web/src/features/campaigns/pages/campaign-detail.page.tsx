import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/campaign/:id`: public campaign page (notification target, shareable, readable signed out). */
export function CampaignDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title={t('pages.campaignDetail.title')}
      description={t('pages.campaignDetail.empty', { id })}
      icon={<IconConfetti size={32} stroke={1.5} aria-hidden />}
    />
  );
}

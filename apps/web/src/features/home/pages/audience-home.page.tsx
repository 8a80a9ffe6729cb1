import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/audience/home`. */
export function AudienceHomePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.audienceHome.title')}
      description={t('pages.audienceHome.empty')}
      icon={<IconHome size={32} stroke={1.5} aria-hidden />}
      next={{ to: '/audience/campaign', label: t('pages.audienceHome.next') }}
    />
  );
}

import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/streamer/home`. */
export function StreamerHomePage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.streamerHome.title')}
      description={t('pages.streamerHome.empty')}
      icon={<IconHome size={32} stroke={1.5} aria-hidden />}
      next={{ to: '/streamer/editor/campaign', label: t('pages.streamerHome.next') }}
    />
  );
}

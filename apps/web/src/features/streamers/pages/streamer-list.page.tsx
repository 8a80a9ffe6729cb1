import { IconBuildingBroadcastTower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/audience/streamer`: streamers and the ones the viewer follows. */
export function StreamerListPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.streamerList.title')}
      description={t('pages.streamerList.empty')}
      icon={<IconBuildingBroadcastTower size={32} stroke={1.5} aria-hidden />}
    />
  );
}

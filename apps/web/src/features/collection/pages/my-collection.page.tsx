import { IconAlbum } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/audience/collection`: the digital goods the viewer won. */
export function MyCollectionPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.myCollection.title')}
      description={t('pages.myCollection.empty')}
      icon={<IconAlbum size={32} stroke={1.5} aria-hidden />}
      next={{ to: '/audience/campaign', label: t('pages.myCollection.next') }}
    />
  );
}

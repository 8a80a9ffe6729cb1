import { IconAlbum } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/collection/:id`: one collection item (notification target). */
export function CollectionDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title={t('pages.collectionDetail.title')}
      description={t('pages.collectionDetail.empty', { id })}
      icon={<IconAlbum size={32} stroke={1.5} aria-hidden />}
    />
  );
}

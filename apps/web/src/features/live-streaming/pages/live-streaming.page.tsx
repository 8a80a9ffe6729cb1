import { IconBroadcast } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/streamer/liveStreaming/:id` (id = campaign): comments, entrants and draws of the live stream. */
export function LiveStreamingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title={t('pages.liveStreaming.title')}
      description={t('pages.liveStreaming.empty', { id })}
      icon={<IconBroadcast size={32} stroke={1.5} aria-hidden />}
      next={{ to: '/streamer/editor/campaign', label: t('pages.liveStreaming.next') }}
    />
  );
}

import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/streamer/editor/campaign` (the streamer's campaigns and a new one) and `/streamer/editor/campaign/:id`. */
export function CampaignEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const icon = <IconConfetti size={32} stroke={1.5} aria-hidden />;
  if (id !== undefined) {
    return (
      <PlaceholderPage
        title={t('pages.campaignEdit.title')}
        description={t('pages.campaignEdit.empty', { id })}
        icon={icon}
        next={{ to: '/streamer/editor/campaign', label: t('pages.campaignEdit.next') }}
      />
    );
  }
  return (
    <PlaceholderPage
      title={t('pages.campaignEditor.title')}
      description={t('pages.campaignEditor.empty')}
      icon={icon}
      next={{ to: '/streamer/editor/digitalgoods', label: t('pages.campaignEditor.next') }}
    />
  );
}

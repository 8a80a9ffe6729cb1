import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/draw/:id`: the public proof of a draw (DESIGN section 7). */
export function DrawProofPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PlaceholderPage
      title={t('pages.drawProof.title')}
      description={t('pages.drawProof.empty', { id })}
      icon={<IconShieldCheck size={32} stroke={1.5} aria-hidden />}
    />
  );
}

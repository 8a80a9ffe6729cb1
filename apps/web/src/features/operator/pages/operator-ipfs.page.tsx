import { IconCloudUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/ipfs`. */
export function OperatorIpfsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorIpfs.title')}
      description={t('pages.operatorIpfs.empty')}
      icon={<IconCloudUpload size={32} stroke={1.5} aria-hidden />}
    />
  );
}

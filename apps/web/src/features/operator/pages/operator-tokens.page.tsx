import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/tokens`. */
export function OperatorTokensPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorTokens.title')}
      description={t('pages.operatorTokens.empty')}
      icon={<IconCoins size={32} stroke={1.5} aria-hidden />}
    />
  );
}

import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/news`. */
export function OperatorNewsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorNews.title')}
      description={t('pages.operatorNews.empty')}
      icon={<IconNews size={32} stroke={1.5} aria-hidden />}
    />
  );
}

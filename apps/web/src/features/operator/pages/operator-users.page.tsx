import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/operator/users`. */
export function OperatorUsersPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.operatorUsers.title')}
      description={t('pages.operatorUsers.empty')}
      icon={<IconUsers size={32} stroke={1.5} aria-hidden />}
    />
  );
}

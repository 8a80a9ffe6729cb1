import { IconFileText } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** `/terms`: terms of service (public). */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage
      title={t('pages.terms.title')}
      description={t('pages.terms.empty')}
      icon={<IconFileText size={32} stroke={1.5} aria-hidden />}
    />
  );
}

import type { Account } from '@hanabi/api';
import { useTranslation } from '../../../lib/i18n';
import { AccountSwitch } from './account-switch';

/** Whether others may see this audience member's collection (`GET /api/collection/{id}`). */
export function CollectionPrivacy({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const { t } = useTranslation();
  return (
    <AccountSwitch
      account={account}
      field="collectionPublic"
      onSaved={onSaved}
      label={t('collectionPrivacy.label')}
      description={t('collectionPrivacy.description')}
      savedMessage={t('collectionPrivacy.saved')}
      id="collection-privacy"
      testId="collection-public-switch"
    />
  );
}

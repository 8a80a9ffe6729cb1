import type { Account } from '@hanabi/api';
import { useTranslation } from '../../../lib/i18n';
import { AccountSwitch } from './account-switch';

/** Whether news of a prize also comes by e-mail, in the account language (decision 0097; on by default). */
export function EmailNotices({
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
      field="emailNotices"
      onSaved={onSaved}
      label={t('emailNotices.label')}
      description={
        account.email ? t('emailNotices.description', { email: account.email }) : t('emailNotices.noEmail')
      }
      savedMessage={t('emailNotices.saved')}
      unavailable={!account.email}
      id="email-notices"
      testId="email-notices-switch"
    />
  );
}

import type { Account } from '@hanabi/api';
import { Card, Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { updateAccount } from '../account-api';

/** Whether news of a prize also comes by e-mail, in the account language (decision 0097; on by default). */
export function EmailNotices({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: (emailNotices: boolean) => updateAccount(account.id, { emailNotices }),
    onSuccess: (updated) => {
      onSaved(updated);
      showSuccessToast(t('emailNotices.saved'));
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Card withBorder padding="lg" id="email-notices">
      <Switch
        label={t('emailNotices.label')}
        description={
          account.email ? t('emailNotices.description', { email: account.email }) : t('emailNotices.noEmail')
        }
        checked={mutation.isPending ? Boolean(mutation.variables) : account.emailNotices}
        disabled={mutation.isPending || !account.email}
        onChange={(event) => mutation.mutate(event.currentTarget.checked)}
        data-testid="email-notices-switch"
      />
    </Card>
  );
}

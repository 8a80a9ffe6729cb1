import type { Account } from '@hanabi/api';
import { Card, Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { updateAccount } from '../account-api';

/** Whether others may see this audience member's collection (`GET /api/collection/{id}`). */
export function CollectionPrivacy({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: (collectionPublic: boolean) => updateAccount(account.id, { collectionPublic }),
    onSuccess: (updated) => {
      onSaved(updated);
      showSuccessToast(t('collectionPrivacy.saved'));
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Card withBorder padding="lg" id="collection-privacy">
      <Switch
        label={t('collectionPrivacy.label')}
        description={t('collectionPrivacy.description')}
        checked={mutation.isPending ? Boolean(mutation.variables) : account.collectionPublic}
        disabled={mutation.isPending}
        onChange={(event) => mutation.mutate(event.currentTarget.checked)}
        data-testid="collection-public-switch"
      />
    </Card>
  );
}

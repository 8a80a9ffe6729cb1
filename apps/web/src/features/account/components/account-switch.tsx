import type { Account } from '@hanabi/api';
import { Card, Switch } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { updateAccount } from '../account-api';

/** The account's on/off settings (`PATCH` of one boolean field of the account). */
export type AccountSwitchField = 'emailNotices' | 'collectionPublic';

/** One account setting as a switch in its own card: saved at once, the switch shows the pending value. */
export function AccountSwitch({
  account,
  field,
  onSaved,
  label,
  description,
  savedMessage,
  unavailable = false,
  id,
  testId,
}: {
  account: Account;
  field: AccountSwitchField;
  onSaved: (account: Account) => void;
  label: string;
  description: string;
  savedMessage: string;
  /** Shown but not changeable (e.g. e-mail notices without an e-mail address). */
  unavailable?: boolean;
  id: string;
  testId: string;
}) {
  const mutation = useMutation({
    mutationFn: (value: boolean) => updateAccount(account.id, { [field]: value }),
    onSuccess: (updated) => {
      onSaved(updated);
      showSuccessToast(savedMessage);
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  return (
    <Card withBorder padding="lg" id={id}>
      <Switch
        label={label}
        description={description}
        checked={mutation.isPending ? Boolean(mutation.variables) : account[field]}
        disabled={mutation.isPending || unavailable}
        onChange={(event) => mutation.mutate(event.currentTarget.checked)}
        data-testid={testId}
      />
    </Card>
  );
}

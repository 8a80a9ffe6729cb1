import type { Account } from '@hanabi/api';
import { Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { useTranslation } from '../../../lib/i18n';
import { usePublicConfig } from '../../../lib/public-config';
import { walletRoleOf } from './wallet-role';

/** The confirmation before a new wallet replaces the address prizes go to, naming what that means for the role. */
export function useConfirmWalletReplace(account: Account): (proceed: () => void) => void {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const hours = config.data?.walletCoolOffHours ?? 24;
  return (proceed) =>
    modals.openConfirmModal({
      title: t('walletTrust.replace.title'),
      children: <Text size="sm">{t(`walletTrust.replace.body.${walletRoleOf(account)}`, { hours })}</Text>,
      labels: { confirm: t('walletTrust.replace.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'wallet-replace-confirm' },
      onConfirm: proceed,
    });
}

import type { Account } from '@hanabi/api';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';
import { walletRoleOf } from './wallet-role';
import { WalletSetup } from './wallet-setup';

/**
 * The wallet step (as in the original; docs/design.md §5), shown by the WalletStepGate on paths containing
 * signup, finishSignUp, account or operator while the signed-in account has no wallet address.
 */
export function WalletStep({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const { t } = useTranslation();
  return (
    <Stack maw={720} mx="auto" gap="md" data-testid="wallet-step">
      <div>
        <PageTitle>{t('wallet.step.title')}</PageTitle>
        <Text mt={-8}>{t(`walletTrust.lead.${walletRoleOf(account)}`, { name: account.name })}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          {t('wallet.step.privacy')}
        </Text>
      </div>
      <WalletSetup account={account} onSaved={onSaved} />
    </Stack>
  );
}

import type { Account } from '@hanabi/api';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/toast';
import { requestSignInLink } from '../../../lib/auth-api';
import { needsRecentSignIn } from '../account-api';

/**
 * Why saving the address failed. A replacement refused for want of a recent sign-in (403
 * RECENT_SIGN_IN_REQUIRED, decision 0063) becomes a "confirm it's you" step: a fresh sign-in link by e-mail.
 */
export function WalletSaveError({ account, error }: { account: Account; error: unknown }) {
  const { t } = useTranslation();
  const send = useMutation({ mutationFn: () => requestSignInLink(account.email ?? '', account.type) });
  if (!needsRecentSignIn(error)) {
    return (
      <Alert color="red" role="alert" title={t('wallet.saveFailed')}>
        {errorMessageOf(error)}
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      role="alert"
      icon={<IconShieldLock size={20} aria-hidden />}
      title={t('walletTrust.reauth.title')}
      data-testid="wallet-reauth"
    >
      <Stack gap="sm">
        <Text size="sm">{t('walletTrust.reauth.body')}</Text>
        {send.isSuccess ? (
          <Text size="sm" role="status">
            {t('walletTrust.reauth.sent')}
          </Text>
        ) : account.email ? (
          <div>
            <Button size="xs" variant="white" loading={send.isPending} onClick={() => send.mutate()}>
              {t('walletTrust.reauth.sendLink', { email: account.email })}
            </Button>
          </div>
        ) : null}
        {send.error && <Text size="sm">{errorMessageOf(send.error)}</Text>}
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'wouter';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../lib/toast';
import { undoWalletChange } from '../account-api';

/**
 * `/wallet/undo?token=` from the wallet change notice (decision 0063): one press puts the previous address back
 * and signs the account out everywhere. A button, not the page load, does it, so mail scanners that open links
 * cannot spend it.
 */
export function WalletUndoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: () => undoWalletChange(token),
    onSuccess: () => queryClient.clear(),
  });
  return (
    <Stack maw={560} mx="auto" gap="md">
      <PageTitle>{t('walletTrust.undo.title')}</PageTitle>
      <Card withBorder padding="lg">
        <Stack gap="md">
          {token.length < 16 ? (
            <Alert color="red" role="alert">
              {t('walletTrust.undo.missing')}
            </Alert>
          ) : undo.isSuccess ? (
            <>
              <Alert color="teal" role="status" data-testid="wallet-undone">
                {undo.data.walletAddress
                  ? t('walletTrust.undo.done', { address: undo.data.walletAddress })
                  : t('walletTrust.undo.doneNone')}
              </Alert>
              <div>
                <Button component={Link} to="/">
                  {t('walletTrust.undo.signIn')}
                </Button>
              </div>
            </>
          ) : (
            <>
              <Text>{t('walletTrust.undo.lead')}</Text>
              {undo.error && (
                <Alert color="red" role="alert">
                  {errorMessageOf(undo.error)}
                </Alert>
              )}
              <div>
                <Button
                  color="red"
                  loading={undo.isPending}
                  onClick={() => undo.mutate()}
                  data-testid="wallet-undo"
                >
                  {t('walletTrust.undo.action')}
                </Button>
              </div>
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}

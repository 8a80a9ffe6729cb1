import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'wouter';
import { AUTH_BASE_PATH } from '@hanabi/api';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { browserNavigation } from '../../../lib/browser-navigation';
import { errorMessageOf } from '../../../lib/toast';
import { confirmLink, fetchLinkInfo } from '../link-binding-api';

/**
 * `/signin/confirm`: an e-mail sign-in link opened in a browser other than the one that asked for it
 * (decision 0064). It names the account, warns, and asks for the code the asking browser shows; with it, this
 * browser opens the link again and signs in.
 */
export function SignInConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['sign-in-link', token],
    queryFn: () => fetchLinkInfo(token),
    enabled: token.length >= 8,
    retry: false,
  });
  const form = useForm({ mode: 'controlled', initialValues: { code: '' } });
  const confirm = useMutation({
    mutationFn: (code: string) => confirmLink(token, code),
    onSuccess: () => {
      const verify = new URLSearchParams(params);
      browserNavigation.assign(`${AUTH_BASE_PATH}/magic-link/verify?${verify.toString()}`);
    },
  });

  let body;
  if (token.length < 8 || info.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('walletTrust.linkConfirm.invalid')}
      </Alert>
    );
  } else if (info.isPending) {
    body = <CenteredLoader />;
  } else {
    body = (
      <form noValidate onSubmit={form.onSubmit(({ code }) => confirm.mutate(code))}>
        <Stack gap="md">
          <Text data-testid="link-account">
            {t('walletTrust.linkConfirm.lead', { email: info.data.email })}
          </Text>
          <Alert color="orange.9" variant="filled" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {t('walletTrust.linkConfirm.warning')}
          </Alert>
          <TextInput
            label={t('walletTrust.linkConfirm.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            required
            data-testid="link-code-input"
            {...form.getInputProps('code')}
          />
          {confirm.error && (
            <Alert color="red" role="alert">
              {errorMessageOf(confirm.error)}
            </Alert>
          )}
          <div>
            <Button type="submit" loading={confirm.isPending} data-testid="link-confirm">
              {t('walletTrust.linkConfirm.action')}
            </Button>
          </div>
        </Stack>
      </form>
    );
  }
  return (
    <Stack maw={560} mx="auto" gap="md">
      <PageTitle>{t('walletTrust.linkConfirm.title')}</PageTitle>
      <Card withBorder padding="lg">
        {body}
      </Card>
    </Stack>
  );
}

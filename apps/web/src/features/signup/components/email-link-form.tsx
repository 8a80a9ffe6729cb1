import type { UserType } from '@hanabi/api';
import { Alert, Button, Code, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { errorMessageOf } from '../../../lib/toast';
import { requestSignInLink } from '../../../lib/auth-api';
import { fetchLinkCode } from '../link-binding-api';

/** The code to type if the link is opened on another device (decision 0064); only this browser sees it. */
function LinkCode() {
  const { t } = useTranslation();
  const code = useQuery({ queryKey: ['sign-in-link-code'], queryFn: fetchLinkCode, staleTime: 0 });
  if (!code.data?.code) return null;
  return (
    <Text size="sm" mt="xs">
      {t('walletTrust.linkCode.body')}
      <Code fz="md" fw={700} data-testid="link-code">
        {code.data.code}
      </Code>
    </Text>
  );
}
import { emailForSignIn, rememberEmailForSignIn } from '../auth-storage';

/** The e-mail link form: remembers the address (`emailForSignIn`) and says where the link went. */
export function EmailLinkForm({ userType }: { userType: UserType }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: emailForSignIn() ?? '' },
    validate: { email: isEmail(t('auth.email.invalid')) },
  });
  const request = useMutation({
    mutationFn: (email: string) => requestSignInLink(email, userType),
    onSuccess: (_data, email) => {
      rememberEmailForSignIn(email);
      setSentTo(email);
    },
  });

  let failure: string | null = null;
  if (request.error) {
    const error = request.error;
    if (isApiError(error) && error.status === 429) failure = t('auth.email.rateLimited');
    else if (isApiError(error) && error.status === 400) failure = t('auth.email.invalid');
    else failure = errorMessageOf(error);
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ email }) => {
        setSentTo(null);
        request.mutate(email.trim());
      })}
      aria-label={t('auth.email.formLabel')}
    >
      <Stack gap="sm">
        <TextInput
          type="email"
          label={t('auth.email.label')}
          description={t('auth.email.description')}
          placeholder="you@example.com"
          autoComplete="email"
          inputMode="email"
          required
          leftSection={<IconMail size={18} aria-hidden />}
          data-testid="signin-email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={request.isPending} data-testid="send-link">
          {sentTo ? t('auth.email.resend') : t('auth.email.send')}
        </Button>
        <div aria-live="polite">
          {sentTo && (
            <Alert
              color="teal"
              icon={<IconMailCheck size={20} aria-hidden />}
              title={t('auth.email.sentTitle')}
              data-testid="link-sent"
            >
              {t('auth.email.sentBody', { email: sentTo })}
              <LinkCode />
            </Alert>
          )}
          {failure && (
            <Alert color="red" title={t('auth.email.failedTitle')} role="alert">
              {failure}
            </Alert>
          )}
        </div>
      </Stack>
    </form>
  );
}

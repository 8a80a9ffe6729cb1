import { ACCOUNT_LIMITS, type Account, type UserType } from '@hanabi/api';
import { Alert, Anchor, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { hasLength, useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/toast';
import { signUp } from '../../../lib/auth-api';
import { nameFromEmail } from '../sign-in-outcome';

interface RegistrationFormProps {
  userType: UserType;
  email: string | null;
  token: string;
  onRegistered: (account: Account) => void;
}

/** 'not yet register': the short registration step — a display name (prefilled from the e-mail), then sign-up. */
export function RegistrationForm({ userType, email, token, onRegistered }: RegistrationFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: nameFromEmail(email) },
    validate: {
      name: hasLength(
        { min: 1, max: ACCOUNT_LIMITS.nameMax },
        t('account.profile.nameLength', { max: ACCOUNT_LIMITS.nameMax }),
      ),
    },
    transformValues: (values) => ({ name: values.name.trim() }),
  });
  const register = useMutation({
    mutationFn: (name: string) => signUp(userType, name, token),
    onSuccess: onRegistered,
  });
  return (
    <Card withBorder padding="lg">
      <form noValidate onSubmit={form.onSubmit(({ name }) => register.mutate(name))}>
        <Stack gap="md">
          <Text>{t(`auth.register.lead.${userType}`)}</Text>
          {email && (
            <Text size="sm" c="dimmed">
              {t('auth.register.email', { email })}
            </Text>
          )}
          <TextInput
            label={t('account.profile.name')}
            description={t('auth.register.nameDescription')}
            required
            maxLength={ACCOUNT_LIMITS.nameMax}
            autoComplete="nickname"
            data-testid="register-name"
            {...form.getInputProps('name')}
          />
          <Text size="sm" c="dimmed">
            {t('auth.termsNotice')} {/* A new tab: a plain link (wouter's Link would open it in this one). */}
            <Anchor href="/terms" size="sm" target="_blank" underline="always">
              {t('pages.signup.terms')}
            </Anchor>
          </Text>
          {register.error && (
            <Alert color="red" role="alert" title={t('auth.register.failedTitle')}>
              {errorMessageOf(register.error)}
            </Alert>
          )}
          <Button type="submit" loading={register.isPending} data-testid="register-submit">
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

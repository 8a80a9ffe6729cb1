import { ACCOUNT_LIMITS, type Account, type Locale } from '@hanabi/api';
import { Button, Card, Group, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { hasLength, useForm } from '@mantine/form';
import { IconUser } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { placeFieldErrors } from '../../../lib/field-errors';
import { setLocale, useTranslation } from '../../../lib/i18n';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useUnsavedChangesPrompt } from '../../../lib/use-unsaved-changes-prompt';
import { updateAccount } from '../account-api';

interface ProfileValues {
  name: string;
  bio: string;
  avatarUrl: string;
  locale: Locale;
}

function valuesOf(account: Account): ProfileValues {
  return { name: account.name, bio: account.bio, avatarUrl: account.avatarUrl, locale: account.locale };
}

/** An https URL or a path on this site (the contract's AvatarUrl rule). */
export function isValidAvatarUrl(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Name, bio, avatar URL and language: validated here and by the server, unsaved changes guarded. */
export function ProfileForm({ account, onSaved }: { account: Account; onSaved: (account: Account) => void }) {
  const { t } = useTranslation();
  const form = useForm<ProfileValues>({
    mode: 'controlled',
    initialValues: valuesOf(account),
    validate: {
      name: (value) =>
        hasLength(
          { min: 1, max: ACCOUNT_LIMITS.nameMax },
          t('account.profile.nameLength', { max: ACCOUNT_LIMITS.nameMax }),
        )(value.trim()),
      bio: hasLength(
        { max: ACCOUNT_LIMITS.bioMax },
        t('account.profile.bioLength', { max: ACCOUNT_LIMITS.bioMax }),
      ),
      avatarUrl: (value) =>
        value.length > ACCOUNT_LIMITS.avatarUrlMax || !isValidAvatarUrl(value.trim())
          ? t('account.profile.avatarInvalid')
          : null,
    },
    transformValues: (values) => ({
      ...values,
      name: values.name.trim(),
      avatarUrl: values.avatarUrl.trim(),
    }),
  });
  const dirty = form.isDirty();
  useUnsavedChangesPrompt(dirty);

  // Another part of the page (a wallet change) replaced the account: follow it when nothing is being edited.
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    if (!dirty) {
      setInitialValues(valuesOf(account));
      setValues(valuesOf(account));
    }
    // Only when the stored account changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [account]);

  const save = useMutation({
    mutationFn: (values: ProfileValues) => updateAccount(account.id, values),
    onSuccess: async (updated, values) => {
      form.setInitialValues(valuesOf(updated));
      form.setValues(valuesOf(updated));
      onSaved(updated);
      showSuccessToast();
      if (values.locale !== account.locale) await setLocale(updated.locale);
    },
    onError: (error) => {
      placeFieldErrors(error, form);
      showErrorToast(errorMessageOf(error));
    },
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-heading">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack gap="md">
          <Group gap="xs">
            <IconUser size={22} stroke={1.6} aria-hidden />
            <Title order={2} size="h4" id="profile-heading">
              {t('account.profile.title')}
            </Title>
          </Group>
          <TextInput
            label={t('account.profile.name')}
            required
            maxLength={ACCOUNT_LIMITS.nameMax}
            autoComplete="nickname"
            data-testid="profile-name"
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('account.profile.bio')}
            description={t('account.profile.bioDescription', { max: ACCOUNT_LIMITS.bioMax })}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={ACCOUNT_LIMITS.bioMax}
            {...form.getInputProps('bio')}
          />
          <TextInput
            label={t('account.profile.avatarUrl')}
            description={t('account.profile.avatarDescription')}
            inputMode="url"
            {...form.getInputProps('avatarUrl')}
          />
          <Select
            label={t('account.profile.locale')}
            description={t('account.profile.localeDescription')}
            data={[
              { value: 'ja', label: t('languages.ja') },
              { value: 'en', label: t('languages.en') },
            ]}
            allowDeselect={false}
            {...form.getInputProps('locale')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={!dirty || save.isPending} onClick={() => form.reset()}>
              {t('account.profile.discard')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="profile-save">
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

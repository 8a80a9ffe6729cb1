import { Alert } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';

/** Tells a suspended person why they are signed out (the shell shows it above every page while it holds). */
export function SuspendedNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconBan size={18} aria-hidden />}
      title={t('errors.accountSuspendedTitle')}
      mb="md"
      data-testid="account-suspended"
    >
      {t('errors.accountSuspended')}
    </Alert>
  );
}

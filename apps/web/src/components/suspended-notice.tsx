import { Alert } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAccountSuspended } from '../lib/account-suspended';

/** Tells a suspended person why they are signed out (shown above every page while it holds). */
export function SuspendedNotice() {
  const { t } = useTranslation();
  const suspended = useAccountSuspended();
  if (!suspended) return null;
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

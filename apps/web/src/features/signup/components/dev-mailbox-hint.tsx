import { Alert, Anchor, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { usePublicConfig } from '../../../lib/public-config';

/** Embedded mode sends no real e-mail: point at the dev mailbox. */
export function DevMailboxHint() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  if (config?.mode !== 'embedded') return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconInbox size={20} aria-hidden />}
      data-testid="dev-mailbox-hint"
    >
      <Text size="sm">
        {t('auth.devMailbox.hint')}{' '}
        <Anchor component={Link} to="/dev/mailbox" size="sm" fw={700} c="inherit" underline="always">
          {t('auth.devMailbox.link')}
        </Anchor>
      </Text>
    </Alert>
  );
}

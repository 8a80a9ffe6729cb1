import type { Account, UserType } from '@hanabi/api';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { homePathFor } from '../../../lib/account';
import { useSignOut } from '../../../lib/use-sign-out';

/** A visitor who is already signed in: who they are, their home, or sign out to switch. */
export function SignedInPanel({ account, userType }: { account: Account; userType: UserType }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <Card withBorder padding="lg" data-testid="signed-in-panel">
      <Stack gap="sm">
        <Text fw={600}>{t('auth.signedIn.as', { name: account.name, type: t(`area.${account.type}`) })}</Text>
        {account.type !== userType && (
          <Text c="dimmed" size="sm">
            {t('auth.signedIn.otherType', { type: t(`area.${account.type}`) })}
          </Text>
        )}
        <Group gap="sm">
          <Button component={Link} to={homePathFor(account)} leftSection={<IconHome size={18} aria-hidden />}>
            {t('auth.signedIn.goHome')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => void signOut()}
          >
            {t('header.signOut')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

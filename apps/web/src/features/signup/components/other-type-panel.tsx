import type { Account, UserType } from '@hanabi/api';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { homePathFor } from '../../../lib/account';
import { useSignOut } from '../../../lib/use-sign-out';

/**
 * 'invalid user type' (registration with hasAnotherUserType): this sign-in already belongs to a user of the other
 * type. The returned user stays signed in; they may go to their own area, or sign out to use another identity.
 */
export function OtherTypePanel({ user, userType }: { user: Account; userType: UserType }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const registered = t(`area.${user.type}`);
  const wanted = t(`area.${userType}`);
  return (
    <Card withBorder padding="lg" data-testid="other-type-panel">
      <Stack gap="md">
        <Text>{t('auth.otherType.body', { registered, wanted, name: user.name })}</Text>
        <Text size="sm" c="dimmed">
          {t('auth.otherType.hint', { wanted })}
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={homePathFor(user)}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            data-testid="go-other-home"
          >
            {t('auth.otherType.goHome', { registered })}
          </Button>
          <Button
            variant="default"
            leftSection={<IconLogout size={18} aria-hidden />}
            onClick={() => void signOut()}
          >
            {t('auth.otherType.signOut')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

import { DEFAULT_AVATAR_URL } from '@hanabi/api';
import { Avatar, Button, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconHome, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'wouter';
import { homePathFor, useAccount } from '../../lib/account';
import { signInPathFor } from '../route-rules';
import { useSignOut } from '../../lib/use-sign-out';

/** Signed in: the account's name with home, account and sign-out items. Signed out: a sign-in button. */
export function AccountMenu({ showSignIn }: { showSignIn: boolean }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const { data: account, isPending } = useAccount();
  const signOut = useSignOut();

  if (isPending) return null;
  if (!account) {
    if (!showSignIn) return null;
    return (
      <Button component={Link} to={signInPathFor(pathname)} size="compact-md">
        {t('header.signIn')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`${t('header.accountMenu')}: ${account.name}`} data-testid="account-menu">
          {/* Spans: a button holds phrasing content only. */}
          <Group component="span" gap={6} wrap="nowrap">
            <Avatar
              component="span"
              src={account.avatarUrl || DEFAULT_AVATAR_URL}
              alt=""
              size={30}
              radius="xl"
            />
            <Text component="span" size="sm" fw={500} visibleFrom="xs" maw={160} truncate="end">
              {account.name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{account.name}</Menu.Label>
        <Menu.Item
          component={Link}
          to={homePathFor(account)}
          leftSection={<IconHome size={16} aria-hidden />}
        >
          {t('header.myHome')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={`/${account.type}/account`}
          leftSection={<IconUserCircle size={16} aria-hidden />}
        >
          {t('header.myAccount')}
        </Menu.Item>
        {account.role === 'operator' && (
          <Menu.Item
            component={Link}
            to="/operator/dashboard"
            leftSection={<IconShieldLock size={16} aria-hidden />}
          >
            {t('header.operatorArea')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

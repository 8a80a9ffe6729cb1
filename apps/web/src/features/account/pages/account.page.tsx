import { DEFAULT_AVATAR_URL, type Account } from '@hanabi/api';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useSearchParams } from 'wouter';
import { PageTitle } from '../../../components/page-title';
import { setAccountCache, useAccount } from '../../../lib/account';
import { signInPathFor } from '../../../lib/sign-in-path';
import { LinkedPlatforms } from '../components/linked-platforms';
import { CollectionPrivacy } from '../components/collection-privacy';
import { EmailNotices } from '../components/email-notices';
import { HoldingsSection } from '../components/holdings-section';
import { ProfileForm } from '../components/profile-form';
import { SessionSection } from '../components/session-section';
import { SignInMethods } from '../components/sign-in-methods';
import { WalletSection } from '../wallet/wallet-section';

function AccountHeader({ account }: { account: Account }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <Avatar
          src={account.avatarUrl || DEFAULT_AVATAR_URL}
          alt={t('pages.account.avatarAlt', { name: account.name })}
          size={64}
          radius="xl"
        />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} size="lg" truncate="end" data-testid="account-name">
            {account.name}
          </Text>
          <Group gap={6}>
            <Badge variant="light" tt="none">
              {t(`area.${account.type}`)}
            </Badge>
            {account.role === 'operator' && (
              <Badge
                variant="filled"
                color="dark"
                tt="none"
                leftSection={<IconShieldLock size={12} aria-hidden />}
                data-testid="operator-role"
              >
                {t('account.role.operator')}
              </Badge>
            )}
          </Group>
          {account.email && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {account.email}
            </Text>
          )}
        </Stack>
      </Group>
      {account.role === 'operator' && (
        <Group mt="md">
          <Text size="sm">{t('account.role.operatorHint')}</Text>
          <Button component={Link} to="/operator/dashboard" size="xs" variant="light">
            {t('header.operatorArea')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/**
 * `/streamer/account` and `/audience/account`: profile, sign-in methods, wallet, sign-out. The account comes
 * from the session cache; every successful change replaces it (docs/original-spec.md §4).
 */
export function AccountPage() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data: account } = useAccount();
  const linkError = searchParams.get('error');
  const store = (updated: Account) => setAccountCache(queryClient, updated);

  if (!account) {
    // Only reachable signed out with crawler=true: nothing personal to show.
    return (
      <>
        <PageTitle>{t('pages.account.title')}</PageTitle>
        <Button component={Link} to={signInPathFor(pathname)}>
          {t('header.signIn')}
        </Button>
      </>
    );
  }

  return (
    <>
      <PageTitle>{t('pages.account.title')}</PageTitle>
      <Stack gap="lg" maw={760}>
        {linkError && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('account.methods.linkFailedTitle')}
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => {
              const next = new URLSearchParams(searchParams);
              next.delete('error');
              setSearchParams(next, { replace: true });
            }}
            role="alert"
          >
            {t('account.methods.linkFailed', { code: linkError })}
          </Alert>
        )}
        <AccountHeader account={account} />
        <ProfileForm account={account} onSaved={store} />
        <WalletSection account={account} onSaved={store} />
        <HoldingsSection walletAddress={account.walletAddress} />
        {account.type === 'audience' && <CollectionPrivacy account={account} onSaved={store} />}
        <EmailNotices account={account} onSaved={store} />
        <SignInMethods account={account} onSaved={store} />
        <LinkedPlatforms />
        <SessionSection />
      </Stack>
    </>
  );
}

import type { OAuthProvider, UserType } from '@hanabi/api';
import { OAUTH_PROVIDERS } from '@hanabi/api';
import { Alert, Anchor, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { useAccount } from '../../../lib/account';
import { useAuthProviders } from '../../../lib/public-config';
import { DevMailboxHint } from '../components/dev-mailbox-hint';
import { EmailLinkForm } from '../components/email-link-form';
import { SignedInPanel } from '../components/signed-in-panel';
import { SocialButtons } from '../components/social-buttons';
import { redirectErrorKey } from '../sign-in-outcome';

/**
 * `/signup/streamer` and `/signup/audience`: one page for new and returning people of that type (original
 * section 4): Google and X when the server offers them, and an e-mail sign-in link. A failed link or provider
 * comes back here with `?error=`.
 */
export function SignupPage({ userType }: { userType: UserType }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const errorCode = searchParams.get('error');
  const { data: account, isPending } = useAccount();
  const providers = useAuthProviders();
  const other: UserType = userType === 'streamer' ? 'audience' : 'streamer';
  const offered: OAuthProvider[] = OAUTH_PROVIDERS.filter((provider) => providers.data?.[provider] === true);

  const dismissError = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('error');
    setSearchParams(next, { replace: true });
  };

  return (
    <Stack maw={520} mx="auto" gap="lg">
      <div>
        <PageTitle>
          {userType === 'streamer' ? t('pages.signup.streamerTitle') : t('pages.signup.audienceTitle')}
        </PageTitle>
        <Text c="dimmed" mt={-8}>
          {offered.length > 0 ? t('auth.lead.withProviders') : t('auth.lead.emailOnly')}
        </Text>
      </div>
      {errorCode && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('auth.redirectErrors.title')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={dismissError}
          role="alert"
          data-testid="signin-error"
        >
          {t(`auth.redirectErrors.${redirectErrorKey(errorCode)}`, { code: errorCode })}
        </Alert>
      )}
      {isPending ? (
        <CenteredLoader />
      ) : account ? (
        <SignedInPanel account={account} userType={userType} />
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <SocialButtons userType={userType} providers={offered} />
            {offered.length > 0 && <Divider label={t('auth.or')} labelPosition="center" />}
            <EmailLinkForm userType={userType} />
            <DevMailboxHint />
          </Stack>
        </Card>
      )}
      <Text size="sm" c="dimmed">
        {t('auth.termsNotice')}{' '}
        <Anchor component={Link} to="/terms" size="sm" underline="always">
          {t('pages.signup.terms')}
        </Anchor>
      </Text>
      <Group gap="lg">
        <Anchor component={Link} to={`/signup/${other}`}>
          {t(`pages.signup.otherType.${userType}`)}
        </Anchor>
      </Group>
    </Stack>
  );
}

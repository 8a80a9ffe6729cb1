import type { UserType } from '@hanabi/api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { PageTitle } from '../../../components/page-title';
import { homePathFor, useAccount } from '../../../lib/account';

/** `/streamer` and `/audience`: a short introduction; sign up / sign in, or go home when signed in. */
export function AreaIntroPage({ area }: { area: UserType }) {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  return (
    <Stack gap="md" maw={720}>
      <PageTitle>{area === 'streamer' ? t('intro.streamerTitle') : t('intro.audienceTitle')}</PageTitle>
      <Text size="lg">{area === 'streamer' ? t('intro.streamerBody') : t('intro.audienceBody')}</Text>
      {account ? (
        <Stack gap="sm">
          <Text c="dimmed">{t('intro.signedInAs', { name: account.name })}</Text>
          <Group>
            <Button component={Link} to={homePathFor(account)}>
              {t('intro.goHome')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button component={Link} to={`/signup/${area}`} size="md">
            {t('intro.signUp')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

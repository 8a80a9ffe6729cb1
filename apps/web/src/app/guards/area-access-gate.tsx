import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { homePathFor, useAccount } from '../../lib/account';
import type { Area } from '../route-rules';
import { areaAccess, isPublicPath } from '../route-rules';

/**
 * On an area's signed-in pages, a signed-in account of the other type (or a non-operator in the operator
 * area) sees an explanation and a link to its own home instead of a page whose calls would all answer 403.
 */
export function AreaAccessGate({ area, children }: { area: Area; children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const search = useSearch();
  const { data: account } = useAccount();
  if (!account || isPublicPath(pathname, search)) return children;
  const access = areaAccess(area, account);
  if (access === 'allowed') return children;
  // A streamer reaching their own public streamer page (their name on their campaign, a shared link) is home.
  if (account.type === 'streamer' && pathname === `/audience/streamer/${account.id}`) {
    return <Redirect to={homePathFor(account)} replace />;
  }
  const title =
    access === 'operator-only'
      ? t('areaAccess.operatorOnlyTitle')
      : t('areaAccess.wrongTypeTitle', { area: t(`area.${area}`) });
  const body =
    access === 'operator-only'
      ? t('areaAccess.operatorOnlyBody')
      : t('areaAccess.wrongTypeBody', { type: t(`area.${account.type}`) });
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <IconLock size={40} stroke={1.5} aria-hidden />
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{body}</Text>
      <Button component={Link} to={homePathFor(account)}>
        {t('areaAccess.goHome')}
      </Button>
    </Stack>
  );
}

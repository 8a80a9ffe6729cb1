import { apiRoutes } from '@hanabi/api';
import { Alert, Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconExternalLink, IconBan } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { goBack } from '../../../lib/router';
import { PageTitle } from '../../../components/page-title';
import { callApi } from '../../../lib/api-client';
import { decideExternalRedirect } from '../decide-external-redirect';

/** Opens the address in the same window, as the original did. Replaceable in tests. */
export const externalNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * `/externalRedirect?externalUrl=…`: allow-listed hosts open directly, other http(s) addresses get an
 * interstitial, everything else is refused. If `/api/config` cannot be read, nothing is allow-listed.
 */
export function ExternalRedirectPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const externalUrl = searchParams.get('externalUrl');
  const preliminary = decideExternalRedirect(externalUrl, []);
  const config = useQuery({
    queryKey: ['config'],
    queryFn: () => callApi(apiRoutes.publicConfig),
    staleTime: Infinity,
    retry: false,
    enabled: preliminary.kind !== 'refused',
  });
  const decision =
    preliminary.kind === 'refused' || config.isPending
      ? preliminary
      : decideExternalRedirect(externalUrl, config.data?.externalRedirectAllowedHosts ?? []);
  const waiting = preliminary.kind !== 'refused' && config.isPending;
  const redirectUrl = !waiting && decision.kind === 'redirect' ? decision.url : null;

  useEffect(() => {
    if (redirectUrl) externalNavigation.assign(redirectUrl);
  }, [redirectUrl]);

  const back = () => {
    if (window.history.length > 1) goBack();
    else navigate('/');
  };

  let content;
  if (waiting) {
    content = <CenteredLoader />;
  } else if (decision.kind === 'redirect') {
    content = (
      <Text role="status">
        {t('externalRedirect.redirecting')} <Code>{decision.url}</Code>
      </Text>
    );
  } else if (decision.kind === 'interstitial') {
    content = (
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {t('externalRedirect.interstitialLead')}
        </Alert>
        <div>
          <Text fw={700} size="sm" mb={4}>
            {t('externalRedirect.target')}
          </Text>
          <Code
            block
            data-testid="external-target"
            style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
          >
            {decision.url}
          </Code>
        </div>
        <Group>
          <Button
            component="a"
            href={decision.url}
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden />}
          >
            {t('externalRedirect.continue')}
          </Button>
          <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
            {t('externalRedirect.back')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    const reason = {
      missing: t('externalRedirect.refusedMissing'),
      invalid: t('externalRedirect.refusedInvalid'),
      scheme: t('externalRedirect.refusedScheme'),
    }[decision.reason];
    content = (
      <Stack gap="md">
        <Alert
          color="red"
          icon={<IconBan aria-hidden />}
          title={t('externalRedirect.refusedTitle')}
          role="alert"
        >
          {reason}
        </Alert>
        <Anchor component="button" type="button" onClick={back} w="fit-content">
          {t('externalRedirect.back')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack maw={720}>
      <PageTitle>{t('externalRedirect.title')}</PageTitle>
      {content}
    </Stack>
  );
}

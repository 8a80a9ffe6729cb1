import { LIVE_PLATFORMS, type LivePlatform, type PlatformConnection } from '@hanabi/api';
import { Alert, Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconBrandYoutube, IconBroadcast, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { accountQueryKey } from '../../../lib/account';
import { browserNavigation } from '../../../lib/browser-navigation';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  connectionsKey,
  identityConsentUrl,
  unlinkPlatform,
  useMyConnections,
} from '../../../lib/live-connections-api';
import { useConnectResult } from '../../../lib/use-connect-result';

const ICONS = { youtube: IconBrandYoutube, twitcasting: IconBroadcast } as const;

function PlatformRow({
  platform,
  connection,
  onLink,
  onUnlink,
  busy,
}: {
  platform: LivePlatform;
  connection: PlatformConnection | null;
  onLink: () => void;
  onUnlink: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const name = t(`liveConnect.platform.${platform}`);
  const Icon = ICONS[platform];
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" data-testid={`linked-${platform}`}>
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {connection ? (
          <Avatar src={connection.imageUrl} alt="" radius="xl" />
        ) : (
          <Icon size={28} stroke={1.5} aria-hidden />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600}>{name}</Text>
            {connection && (
              <Badge size="sm" variant="filled" color={connection.needsReconnect ? 'orange.9' : 'teal.9'}>
                {connection.needsReconnect ? t('liveConnections.reconnect') : t('liveConnections.linked')}
              </Badge>
            )}
          </Group>
          {connection ? (
            <>
              <Text size="sm" truncate="end">
                {connection.displayName ?? connection.screenId ?? connection.platformUserId}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('liveConnections.id', { id: connection.screenId ?? connection.platformUserId })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t('liveConnections.notLinked')}
            </Text>
          )}
        </Stack>
      </Group>
      {connection && !connection.needsReconnect ? (
        <Button variant="default" color="red" onClick={onUnlink} loading={busy}>
          {t('liveConnections.unlink', { platform: name })}
        </Button>
      ) : (
        <Button leftSection={<IconLink size={16} aria-hidden />} onClick={onLink} loading={busy}>
          {t('liveConnections.link', { platform: name })}
        </Button>
      )}
    </Group>
  );
}

/**
 * The account page's "Linked platforms": the YouTube channel and TwitCasting account the person comments with.
 * Linking proves the identity, so prizes won with it (also held ones) reach this account.
 */
export function LinkedPlatforms() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const queryClient = useQueryClient();
  const connections = useMyConnections(true);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: connectionsKey });
    // The account carries the linked ids too (youtubeChannelId, twitcastingUserId…).
    void queryClient.invalidateQueries({ queryKey: accountQueryKey });
  };
  useConnectResult(refresh);

  const link = useMutation({
    mutationFn: (platform: LivePlatform) => identityConsentUrl(platform, pathname),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const unlink = useMutation({
    mutationFn: unlinkPlatform,
    onSuccess: (next) => {
      queryClient.setQueryData(connectionsKey, next);
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      showSuccessToast();
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const confirmUnlink = (platform: LivePlatform) => {
    const name = t(`liveConnect.platform.${platform}`);
    modals.openConfirmModal({
      title: t('liveConnections.unlinkTitle', { platform: name }),
      children: <Text size="sm">{t('liveConnections.unlinkBody')}</Text>,
      labels: { confirm: t('liveConnections.unlinkConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => unlink.mutate(platform),
    });
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="linked-platforms-heading"
      data-testid="linked-platforms"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="linked-platforms-heading">
          {t('liveConnections.title')}
        </Title>
        <Text size="sm">{t('liveConnections.intro')}</Text>
        {connections.isPending ? (
          <CenteredLoader />
        ) : connections.isError ? (
          <Alert color="red" role="alert">
            {errorMessageOf(connections.error)}
          </Alert>
        ) : (
          LIVE_PLATFORMS.map((platform) => (
            <PlatformRow
              key={platform}
              platform={platform}
              connection={connections.data[platform]}
              onLink={() => link.mutate(platform)}
              onUnlink={() => confirmUnlink(platform)}
              busy={
                (link.isPending && link.variables === platform) ||
                (unlink.isPending && unlink.variables === platform)
              }
            />
          ))
        )}
      </Stack>
    </Card>
  );
}

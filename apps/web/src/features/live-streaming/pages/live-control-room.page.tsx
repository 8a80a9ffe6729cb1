import type { LiveEvent } from '@hanabi/api';
import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../lib/toast';
import { CommentList } from '../components/comment-list';
import { DrawPanel } from '../components/draw-panel';
import { EntryStateAlert } from '../components/entry-state-alert';
import { LiveHeader } from '../components/live-header';
import { PlatformCard } from '../components/platform-card';
import { ResultsAnnouncement } from '../components/results-announcement';
import { liveKeys, useLiveCampaign, useLiveOverview, type StreamRef } from '../live-api';
import { useConnectResult } from '../../../lib/use-connect-result';
import { useLiveEvents } from '../../../lib/use-live-events';

/**
 * `/streamer/liveStreaming/:id` (id = campaign): the streamer's control room during a live stream — platform
 * connections and chat reading, the comments as they arrive (SSE), entrants, draws, winners and distribution.
 */
export function LiveControlRoomPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [pathname] = useLocation();
  const queryClient = useQueryClient();
  const overview = useLiveOverview(id);
  const campaign = useLiveCampaign(id);

  useConnectResult(() => void queryClient.invalidateQueries({ queryKey: liveKeys.overview(id) }));

  // The SSE carries counts only; what the page shows is refetched from the API.
  const onEvent = useCallback(
    (event: LiveEvent) => {
      const refresh = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
      if (event.type === 'comments') {
        refresh(liveKeys.overview(id));
        refresh(liveKeys.comments(id));
      } else if (event.type === 'stream') {
        refresh(liveKeys.overview(id));
      } else {
        refresh(liveKeys.winners(id));
        // A revealed draw may close entries for good: the room's alert and counts follow.
        if (event.type === 'draw') {
          refresh(liveKeys.overview(id));
          refresh(liveKeys.comments(id));
        }
      }
    },
    [id, queryClient],
  );
  const { connected } = useLiveEvents(id, onEvent);

  const title = <PageTitle>{t('pages.liveStreaming.title')}</PageTitle>;
  if (overview.isPending) {
    return (
      <>
        {title}
        <CenteredLoader />
      </>
    );
  }
  if (overview.isError) {
    return (
      <>
        {title}
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
          {errorMessageOf(overview.error)}
        </Alert>
        <Button component={Link} to="/streamer/editor/campaign" variant="light" mt="md">
          {t('pages.liveStreaming.next')}
        </Button>
      </>
    );
  }

  const platforms = overview.data.platforms.filter((state) => state.enabled);
  const streams: StreamRef[] = platforms.flatMap((state) =>
    state.stream
      ? [
          {
            platform: state.platform,
            channelId: state.stream.channelId,
            broadcastId: state.stream.broadcastId,
          },
        ]
      : [],
  );

  return (
    <>
      {title}
      <Stack gap="lg">
        <LiveHeader overview={overview.data} campaign={campaign.data} connected={connected} />
        <EntryStateAlert overview={overview.data} />
        {platforms.length === 0 && (
          <EmptyState
            description={t('liveRoom.noPlatforms')}
            next={{
              to: `/streamer/editor/campaign/${encodeURIComponent(id)}`,
              label: t('liveRoom.editCampaign'),
            }}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: platforms.length > 1 ? 2 : 1 }} spacing="md">
          {platforms.map((state) => (
            <PlatformCard key={state.platform} campaignId={id} state={state} returnTo={pathname} />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <CommentList campaignId={id} streams={streams} />
          <DrawPanel
            campaignId={id}
            drawMode={campaign.data?.drawMode}
            stream={streams[0] ?? null}
            platforms={streams.map((stream) => stream.platform)}
          />
        </SimpleGrid>
        <ResultsAnnouncement
          campaignId={id}
          title={overview.data.campaignTitle}
          stream={streams[0] ?? null}
        />
      </Stack>
    </>
  );
}

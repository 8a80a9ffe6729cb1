import type { MyWin, LivePlatform, ResultDraw, ResultStream, ResultWinner } from '@hanabi/api';
import { Anchor, Badge, Button, Card, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandYoutube, IconBroadcast, IconConfetti, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { accountQueryKey, useAccount } from '../../../lib/account';
import { browserNavigation } from '../../../lib/browser-navigation';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import { useConnectResult } from '../../../lib/use-connect-result';
import { connectionsKey, identityConsentUrl } from '../../../lib/live-connections-api';
import { useLiveEvents } from '../../../lib/use-live-events';
import { useCampaignResults, useMyCampaignResults, useResultsRefresh } from '../campaign-results-api';
import {
  ExclusionLines,
  HistoryDetails,
  HistoryStatusBadge,
  useDrawHistoryText,
} from '../../../components/draw-history';
import type { HistoryEntryText, HistoryWinnerText } from '../../../lib/draw-history-text';

const ICONS = { youtube: IconBrandYoutube, twitcasting: IconBroadcast } as const;
const WIN_COLORS: Record<MyWin['status'], string> = {
  drawn: 'grape.9',
  held: 'grape.9',
  queued: 'gray.8',
  submitted: 'blue.9',
  delivered: 'teal.9',
  failed: 'red.9',
  excluded: 'dark.7',
};

function StreamLinks({ streams }: { streams: ResultStream[] }) {
  const { t } = useTranslation();
  const shown = streams.filter((stream) => stream.streamUrl || stream.channelUrl);
  if (shown.length === 0) return null;
  return (
    <Stack gap={4} data-testid="results-streams">
      {shown.map((stream, index) => {
        const platform = t(`results.platform.${stream.platform}`);
        const Icon = ICONS[stream.platform];
        return (
          <Group key={`${stream.platform}-${index}`} gap="xs" wrap="wrap">
            <Icon size={18} aria-hidden />
            {stream.streamUrl && (
              <Anchor href={stream.streamUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {t('results.watchStream', { platform })}
              </Anchor>
            )}
            {stream.channelUrl && (
              <Anchor href={stream.channelUrl} target="_blank" rel="noopener noreferrer" size="sm">
                {stream.channelName
                  ? t('results.channel', { name: stream.channelName })
                  : t('results.channelLink', { platform })}
              </Anchor>
            )}
            <Badge size="sm" variant="filled" color={stream.status === 'live' ? 'red.9' : 'gray.8'}>
              {t(`results.streamStatus.${stream.status}`)}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

function MyWins({ wins }: { wins: MyWin[] }) {
  const { t } = useTranslation();
  if (wins.length === 0) return null;
  return (
    <Stack gap="xs">
      {wins.map((win) => {
        const detail =
          win.status === 'delivered'
            ? t('results.youWonDelivered')
            : win.status === 'held' || win.status === 'drawn'
              ? t('results.youWonHeld')
              : t('results.youWonOnItsWay');
        return (
          <Paper
            key={win.winnerId}
            withBorder
            p="sm"
            radius="md"
            bg="teal.0"
            style={{ borderColor: 'var(--mantine-color-teal-7)' }}
            data-testid="my-win"
            data-status={win.status}
          >
            <Stack gap={6}>
              <Group gap="xs" wrap="nowrap">
                <IconConfetti size={20} aria-hidden color="var(--mantine-color-teal-9)" />
                <Text fw={700}>{t('results.youWon')}</Text>
              </Group>
              <Group gap="xs">
                <Text size="sm">{win.displayName}</Text>
                <Badge color={WIN_COLORS[win.status]} variant="filled" data-testid="my-win-status">
                  {t(`liveRoom.winnerStatus.${win.status}`)}
                </Badge>
              </Group>
              <Text size="sm">{detail}</Text>
              {win.status === 'delivered' && (
                <Anchor component={Link} to="/audience/collection" size="sm" c="blue.9" fw={600}>
                  {t('results.toCollection')}
                </Anchor>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function WinnerRow({
  winner,
  text,
  mine,
  claim,
}: {
  winner: ResultWinner;
  text: HistoryWinnerText | undefined;
  mine: MyWin | undefined;
  claim: ((platform: LivePlatform) => void) | null;
}) {
  const { t } = useTranslation();
  const Icon = ICONS[winner.platform];
  const platform = t(`results.platform.${winner.platform}`);
  return (
    <Stack gap={4} data-testid="result-winner" data-mine={mine ? 'true' : undefined}>
      <Group gap="xs" wrap="wrap">
        <Icon size={16} aria-label={platform} />
        <Text fw={600} td={winner.excluded ? 'line-through' : undefined}>
          {winner.displayName}
        </Text>
        {mine && (
          <Badge color="teal.9" variant="filled" data-testid="result-you">
            {t('results.you')}
          </Badge>
        )}
        {mine && (
          <Badge color={WIN_COLORS[mine.status]} variant="outline" data-testid="result-you-status">
            {t(`liveRoom.winnerStatus.${mine.status}`)}
          </Badge>
        )}
        {winner.excluded && (
          <Badge color="dark.7" variant="filled">
            {t('results.excluded')}
          </Badge>
        )}
        {!mine && winner.awaitingLink && (
          <Badge color="grape.9" variant="filled" data-testid="result-held">
            {t('results.awaitingLink')}
          </Badge>
        )}
      </Group>
      {text && <ExclusionLines winner={text} />}
      {!mine && winner.awaitingLink && claim && (
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconLink size={14} aria-hidden />}
          onClick={() => claim(winner.platform)}
          // A long label wraps on a phone rather than running out of the card.
          styles={{
            root: { alignSelf: 'flex-start', height: 'auto', minHeight: 28, maxWidth: '100%' },
            label: { whiteSpace: 'normal', textAlign: 'left', paddingBlock: 4 },
          }}
          aria-label={t('results.isThisYouFor', { platform, name: winner.displayName })}
          data-testid="result-claim"
        >
          {t('results.isThisYou', { platform })}
        </Button>
      )}
    </Stack>
  );
}

function DrawCard({
  draw,
  entry,
  mine,
  claim,
}: {
  draw: ResultDraw;
  entry: HistoryEntryText;
  mine: Map<string, MyWin>;
  claim: (winner: ResultWinner) => ((platform: LivePlatform) => void) | null;
}) {
  const { t } = useTranslation();
  const standing = draw.winners.filter((winner) => !winner.excluded).length;
  const texts = new Map(entry.winners.map((winner) => [winner.id, winner]));
  return (
    <Card withBorder padding="sm" data-testid="result-draw" data-status={draw.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={3} size="h6">
            {t(draw.redrawOf ? 'results.redraw' : 'results.draw', { round: draw.round })}
          </Title>
          <HistoryStatusBadge entry={entry} />
        </Group>
        <Anchor component={Link} to={`/draw/${draw.id}`} size="sm" data-testid="result-proof">
          {t('results.proof')}
        </Anchor>
      </Group>
      <Stack gap={2}>
        <HistoryDetails
          entry={entry}
          extra={draw.status === 'revealed' ? t('results.winnersCount', { count: standing }) : undefined}
        />
      </Stack>
      {draw.winners.length > 0 && (
        <Stack gap="xs" mt="xs">
          {draw.winners.map((winner) => (
            <WinnerRow
              key={winner.id}
              winner={winner}
              text={texts.get(winner.id)}
              mine={mine.get(winner.id)}
              claim={claim(winner)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * The results on the public campaign page (decision 0075): every draw as one history (decision 0200) — its
 * number, state, time, why a failed one failed, what a re-draw replaces, each exclusion's reason and time —
 * with its winners' chat names and its proof, the streams, and — for the signed-in viewer — their own rows marked "you" with the delivery state.
 * A prize held for an unlinked chat identity offers "Is this you?": linking goes through the platform's consent
 * page and comes back here, where the released prize shows up as the viewer's own. Live events refetch it.
 */
export function CampaignResultsSection({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const results = useCampaignResults(campaignId);
  const mine = useMyCampaignResults(campaignId, Boolean(account));
  const { refresh, onEvent } = useResultsRefresh(campaignId);
  const { connected } = useLiveEvents(campaignId, onEvent);
  useConnectResult(() => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: connectionsKey });
    void queryClient.invalidateQueries({ queryKey: accountQueryKey });
  });
  const link = useMutation({
    mutationFn: (platform: LivePlatform) => identityConsentUrl(platform, `/campaign/${campaignId}`),
    onSuccess: ({ url }) => browserNavigation.assign(url),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  const myWins = new Map((mine.data?.wins ?? []).map((win) => [win.winnerId, win]));
  const history = useDrawHistoryText(results.data?.draws ?? []);
  // "Is this you?" is for whoever has not linked that platform yet (someone who has is not that winner).
  const claim = (winner: ResultWinner) => {
    if (!winner.awaitingLink) return null;
    if (!account) return null;
    const linked = winner.platform === 'youtube' ? account.youtubeChannelId : account.twitcastingUserId;
    return linked ? null : (platform: LivePlatform) => link.mutate(platform);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="results-heading" data-testid="results">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="results-heading">
          {t('results.title')}
        </Title>
        {connected && (
          <Badge color="red.9" variant="filled" size="sm">
            {t('results.live')}
          </Badge>
        )}
      </Group>
      {results.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" aria-label={t('results.title')} />
        </Group>
      ) : results.isError ? (
        <Text size="sm" c="red.9" mt="xs">
          {t('results.loadFailed')}
        </Text>
      ) : (
        <Stack gap="sm" mt="sm">
          <StreamLinks streams={results.data.streams} />
          <MyWins wins={mine.data?.wins ?? []} />
          {results.data.draws.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="results-none">
              {t('results.none')}
            </Text>
          ) : (
            results.data.draws.map((draw, index) => (
              <DrawCard key={draw.id} draw={draw} entry={history[index]!} mine={myWins} claim={claim} />
            ))
          )}
          {!account && results.data.draws.some((draw) => draw.winners.some((w) => w.awaitingLink)) && (
            <Anchor component={Link} to="/signup/audience" size="sm">
              {t('results.signInToClaim')}
            </Anchor>
          )}
        </Stack>
      )}
    </Card>
  );
}

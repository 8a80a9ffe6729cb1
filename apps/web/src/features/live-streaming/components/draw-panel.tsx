import {
  EXCLUSION_REASONS,
  type Campaign,
  type ExclusionReason,
  type LivePlatform,
  type Winner,
  type WinnerList,
} from '@hanabi/api';
import {
  Accordion,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconTrophy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation, type TFunction } from '../../../lib/i18n';
import { Link } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useIntentKey } from '../../../lib/use-create-once';
import {
  answeredForGood,
  drawWinners,
  excludeWinners,
  liveKeys,
  setSchedule,
  useWinners,
  type StreamRef,
} from '../live-api';
import { DistributionPanel } from './distribution-panel';
import { FreezeWait, waitingDraw } from './freeze-wait';
import { WinnersTable } from './winners-table';

/** An exclusion's reason (from the list) and words, as the change log shows them after the action. */
function changeReason(details: Record<string, unknown>, t: TFunction): string {
  const code = (EXCLUSION_REASONS as readonly unknown[]).includes(details.reasonCode)
    ? t(`exclusion.reason.${details.reasonCode as ExclusionReason}`)
    : null;
  const words = typeof details.reason === 'string' && details.reason ? details.reason : null;
  const shown = [code, words].filter(Boolean).join(' — ');
  return shown ? `: ${shown}` : '';
}

interface DrawPanelProps {
  campaignId: string;
  drawMode: Campaign['drawMode'] | undefined;
  /** The stream the draw calls go through (a draw covers every stream of the campaign). */
  stream: StreamRef | null;
  /** Platforms whose winners can be distributed. */
  platforms: LivePlatform[];
}

/** Drawing, the schedule, the winners (exclude → re-draw), the change log and the hand-over to delivery. */
export function DrawPanel({ campaignId, drawMode, stream, platforms }: DrawPanelProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const winners = useWinners(campaignId, stream);
  const [count, setCount] = useState<number | string>('');
  const store = (list: WinnerList) => queryClient.setQueryData(liveKeys.winners(campaignId), list);
  const refreshAll = () => queryClient.invalidateQueries({ queryKey: liveKeys.all(campaignId) });

  // One key per intent (decision 0200): a double click or a retry of the same draw never draws twice.
  const drawIntent = useIntentKey(`drawIntent.${campaignId}`);
  const excludeIntent = useIntentKey(`excludeIntent.${campaignId}`);
  const draw = useMutation({
    mutationFn: (n: number) => drawWinners(stream!, { campaignId, count: n }, `${drawIntent.key}:${n}`),
    onSuccess: (list) => {
      drawIntent.settle();
      store(list);
      void refreshAll();
      // A draw waiting for its comments (decision 0204) has not drawn yet: the panel shows the wait instead.
      if (!waitingDraw(list.draws)) showSuccessToast(t('liveRoom.drawn'));
    },
    onError: (error) => {
      if (answeredForGood(error)) drawIntent.settle();
      showErrorToast(errorMessageOf(error));
    },
  });
  const schedule = useMutation({
    mutationFn: (active: boolean) => setSchedule(stream!, campaignId, active),
    onSuccess: (next) => {
      const current = queryClient.getQueryData<WinnerList>(liveKeys.winners(campaignId));
      if (current) store({ ...current, schedule: next });
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const exclude = async (winner: Winner, reasonCode: ExclusionReason, reason: string): Promise<boolean> => {
    try {
      store(
        await excludeWinners(
          stream!,
          { campaignId, winners: [{ id: winner.id, excluded: true, reasonCode, reason }], redraw: true },
          // Another winner or count is another request: its own key, so a retry of this one still matches.
          `${excludeIntent.key}:${winner.id}`,
        ),
      );
      excludeIntent.settle();
      showSuccessToast();
      return true;
    } catch (error) {
      if (answeredForGood(error)) excludeIntent.settle();
      // 422: the winner was handed to delivery meanwhile; retrying cannot help, so close and show the row anew.
      const refused = isApiError(error) && error.status === 422;
      showErrorToast(refused ? t('liveRoom.excludeRefused') : errorMessageOf(error));
      if (refused) void refreshAll();
      return refused;
    }
  };

  if (!stream) {
    return (
      <Card withBorder padding="md" component="section" aria-labelledby="draw-heading">
        <Title order={2} size="h4" id="draw-heading" mb="sm">
          {t('liveRoom.drawTitle')}
        </Title>
        <EmptyState
          description={t('liveRoom.drawNeedsStream')}
          icon={<IconTrophy size={32} stroke={1.5} aria-hidden />}
        />
      </Card>
    );
  }

  const data = winners.data;
  const remaining = data?.remaining ?? 0;
  const waiting = data ? waitingDraw(data.draws) : null;
  const n = typeof count === 'number' && count > 0 ? count : remaining;
  const confirmDraw = () =>
    modals.openConfirmModal({
      title: t('liveRoom.drawConfirmTitle', { count: n }),
      children: <Text size="sm">{t('liveRoom.drawConfirmBody')}</Text>,
      labels: { confirm: t('liveRoom.drawConfirm'), cancel: t('common.cancel') },
      onConfirm: () => draw.mutate(n),
    });

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="draw-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="draw-heading">
          {t('liveRoom.drawTitle')}
        </Title>
        {winners.isPending ? (
          <CenteredLoader />
        ) : winners.isError || !data ? (
          <Text c="red" size="sm" role="alert">
            {errorMessageOf(winners.error)}
          </Text>
        ) : (
          <>
            <Text size="sm" data-testid="remaining">
              {t('liveRoom.remaining', { n: remaining })}
            </Text>
            {waiting && <FreezeWait key={waiting.id} draw={waiting} />}
            <Group align="flex-end" gap="xs" wrap="wrap">
              <NumberInput
                label={t('liveRoom.drawCount')}
                value={count}
                placeholder={String(remaining)}
                onChange={setCount}
                min={1}
                max={Math.max(1, remaining)}
                allowDecimal={false}
                w={140}
              />
              <Button
                leftSection={<IconTrophy size={18} aria-hidden />}
                onClick={confirmDraw}
                loading={draw.isPending || waiting !== null}
                disabled={remaining < 1}
              >
                {t('liveRoom.drawButton', { count: n })}
              </Button>
            </Group>

            {drawMode && drawMode.type !== 'manual' && (
              <Stack gap={4}>
                <Switch
                  label={
                    drawMode.type === 'everyNMinutes'
                      ? t('liveRoom.scheduleEvery', { n: drawMode.minutes })
                      : t('liveRoom.scheduleAtEnd')
                  }
                  checked={data.schedule.active}
                  disabled={schedule.isPending}
                  onChange={(event) => schedule.mutate(event.currentTarget.checked)}
                />
                {data.schedule.active && data.schedule.nextRunAt && (
                  <Text size="xs" c="dimmed">
                    {t('liveRoom.nextRun', { at: formatDateTime(data.schedule.nextRunAt, i18n.language) })}
                  </Text>
                )}
              </Stack>
            )}

            {data.winners.length === 0 ? (
              <EmptyState
                description={t('liveRoom.noWinners')}
                icon={<IconTrophy size={32} stroke={1.5} aria-hidden />}
              />
            ) : (
              <>
                <WinnersTable winners={data.winners} onExclude={exclude} />
                <DistributionPanel campaignId={campaignId} platforms={platforms} winners={data.winners} />
              </>
            )}

            {data.draws.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('liveRoom.draws')}
                </Text>
                <Group gap="xs" wrap="wrap">
                  {data.draws.map((summary) => (
                    <Anchor
                      key={summary.id}
                      component={Link}
                      to={`/draw/${encodeURIComponent(summary.id)}`}
                      size="sm"
                      data-testid="draw-link"
                    >
                      {t('liveRoom.drawRound', { round: summary.round })} (
                      {t(`drawProof.status.${summary.status}`)})
                    </Anchor>
                  ))}
                </Group>
              </Stack>
            )}

            {data.changes.length > 0 && (
              <Accordion variant="contained">
                <Accordion.Item value="changes">
                  <Accordion.Control>{t('liveRoom.changeLog', { n: data.changes.length })}</Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap={4} component="ul" style={{ paddingLeft: 16, margin: 0 }}>
                      {data.changes.map((change) => (
                        <Text key={change.id} size="sm" component="li">
                          {formatDateTime(change.createdAt, i18n.language)} — {change.action}
                          {changeReason(change.details, t)}
                        </Text>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              </Accordion>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

import { CampaignStatus, apiRoutes, type LiveOverview } from '@hanabi/api';
import { Alert, Button, Group, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconClockPause, IconPlayerPlay } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { callApi } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { liveKeys } from '../live-api';

/**
 * Why comments are not entries right now, for the whole room: the campaign has not started (with "start now"),
 * is a draft, has ended, or its entries closed for good after the last draw (decisions 0070 and 0072).
 */
export function EntryStateAlert({ overview }: { overview: LiveOverview }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [started, setStarted] = useState(false);
  const status = CampaignStatus.safeParse(overview.campaignStatus).data;
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const start = useMutation({
    mutationFn: () => callApi(apiRoutes.startCampaignNow, { params: { id: overview.campaignId } }),
    onSuccess: async () => {
      setStarted(true);
      showSuccessToast(t('journey.startedToast'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.all(overview.campaignId) }),
        queryClient.invalidateQueries({ queryKey: ['campaigns'] }),
      ]);
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  if (overview.entriesClosedAt) {
    return (
      <Alert color="gray" icon={<IconClockPause size={18} aria-hidden />} data-testid="entry-state">
        {t('journey.entriesClosedAlert', { at: at(overview.entriesClosedAt) })}
      </Alert>
    );
  }
  if (status === 'draft') {
    return (
      <Alert color="yellow" data-testid="entry-state">
        {t('journey.draftAlert')}
      </Alert>
    );
  }
  if (status === 'ended') {
    return (
      <Alert color="gray" data-testid="entry-state">
        {t('journey.endedAlert', { at: at(overview.endsAt) })}
      </Alert>
    );
  }
  if (status !== 'scheduled') return null;
  return (
    <Alert color="blue" icon={<IconClockPause size={18} aria-hidden />} data-testid="entry-state">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
          {t('journey.scheduledAlert', { at: at(overview.startsAt) })}
        </Text>
        <Button
          size="sm"
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          loading={start.isPending}
          disabled={started}
          data-testid="start-now"
          onClick={() =>
            modals.openConfirmModal({
              title: t('journey.startNowTitle'),
              children: <Text size="sm">{t('journey.startNowBody')}</Text>,
              labels: { confirm: t('journey.startNow'), cancel: t('common.cancel') },
              onConfirm: () => start.mutate(),
            })
          }
        >
          {t('journey.startNow')}
        </Button>
      </Group>
    </Alert>
  );
}

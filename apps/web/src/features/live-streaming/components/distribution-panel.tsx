import type { LivePlatform, Winner } from '@hanabi/api';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconGift } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { distributePrizes, liveKeys } from '../live-api';

/** Where a platform's winners stand with distribution, counted from the server's winner list. */
export interface DistributionTally {
  /** Winners not yet handed over (not excluded, no `distributedAt`): what the button would distribute. */
  pending: number;
  delivered: number;
  /** Handed to delivery and on their way (queued or submitted). */
  sending: number;
  /** Held until the winner links an account or sets up a wallet. */
  held: number;
  failed: number;
}

export function distributionTally(winners: Winner[], platform: LivePlatform): DistributionTally {
  const tally: DistributionTally = { pending: 0, delivered: 0, sending: 0, held: 0, failed: 0 };
  for (const winner of winners) {
    if (winner.platform !== platform || winner.status === 'excluded') continue;
    if (winner.distributedAt === null) tally.pending += 1;
    else if (winner.status === 'delivered') tally.delivered += 1;
    else if (winner.status === 'failed') tally.failed += 1;
    else if (winner.status === 'held') tally.held += 1;
    else tally.sending += 1;
  }
  return tally;
}

/**
 * Hands each platform's winners to the delivery engine, after a confirmation naming what it does (prizes sent
 * on chain cannot be taken back; unlinked winners' are held). What it offers and the summary under it come from
 * the server's winner list (each winner's `distributedAt` and prize state), which the live room refreshes on every
 * delivery event: a reload, or a held winner linking, shows the same truth as the click that distributed.
 */
export function DistributionPanel({
  campaignId,
  platforms,
  winners,
}: {
  campaignId: string;
  platforms: LivePlatform[];
  winners: Winner[];
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const distribute = useMutation({
    mutationFn: (platform: LivePlatform) => distributePrizes(campaignId, platform),
    onSuccess: (result, platform) => {
      void showSuccessToast(
        t('liveRoom.distributedNow', {
          platform: t(`liveConnect.platform.${platform}`),
          queued: result.queued,
          held: result.held,
        }),
      );
      void queryClient.invalidateQueries({ queryKey: liveKeys.winners(campaignId) });
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const tallies = platforms.map((platform) => ({ platform, tally: distributionTally(winners, platform) }));

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('liveRoom.distributeHint')}
      </Text>
      <Group gap="xs">
        {tallies.map(({ platform, tally }) => (
          <Button
            key={platform}
            leftSection={<IconGift size={18} aria-hidden />}
            onClick={() =>
              modals.openConfirmModal({
                title: t('journey.distributeTitle', { platform: t(`liveConnect.platform.${platform}`) }),
                children: <Text size="sm">{t('journey.distributeBody')}</Text>,
                labels: { confirm: t('journey.distributeConfirm'), cancel: t('common.cancel') },
                onConfirm: () => distribute.mutate(platform),
              })
            }
            loading={distribute.isPending && distribute.variables === platform}
            // Offered only while the server has winners of this platform left to hand over.
            disabled={tally.pending === 0}
            data-testid={`distribute-${platform}`}
          >
            {t('liveRoom.distribute', { platform: t(`liveConnect.platform.${platform}`) })}
          </Button>
        ))}
      </Group>
      {tallies.map(({ platform, tally }) => {
        const handedOver = tally.delivered + tally.sending + tally.held + tally.failed;
        if (handedOver === 0) return null;
        const parts = (['delivered', 'sending', 'held', 'failed', 'pending'] as const)
          .filter((part) => tally[part] > 0)
          .map((part) => t(`liveRoom.distribution.${part}`, { n: tally[part] }));
        return (
          <Alert
            key={platform}
            color={tally.failed > 0 ? 'red' : 'teal'}
            role="status"
            data-testid={`distribution-${platform}`}
          >
            {t('liveRoom.distribution.summary', {
              platform: t(`liveConnect.platform.${platform}`),
              parts: list.format(parts),
            })}
          </Alert>
        );
      })}
    </Stack>
  );
}

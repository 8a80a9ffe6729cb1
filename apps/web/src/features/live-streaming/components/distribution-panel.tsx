import type { DistributionResult, LivePlatform } from '@hanabi/api';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { IconGift } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf, showErrorToast } from '../../../lib/toast';
import { distributePrizes, liveKeys } from '../live-api';

/**
 * Hands each platform's winners to the delivery engine, after a confirmation naming what it does (prizes sent
 * on chain cannot be taken back; unlinked winners' are held). Repeating it would be harmless (the server counts
 * what was handed over before as "already"), but the button is disabled once it succeeded.
 */
export function DistributionPanel({
  campaignId,
  platforms,
}: {
  campaignId: string;
  platforms: LivePlatform[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [results, setResults] = useState<Partial<Record<LivePlatform, DistributionResult>>>({});
  const distribute = useMutation({
    mutationFn: (platform: LivePlatform) => distributePrizes(campaignId, platform),
    onSuccess: (result, platform) => {
      setResults((previous) => ({ ...previous, [platform]: result }));
      void queryClient.invalidateQueries({ queryKey: liveKeys.winners(campaignId) });
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('liveRoom.distributeHint')}
      </Text>
      <Group gap="xs">
        {platforms.map((platform) => (
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
            // Done once: a second click would only report "already distributed".
            disabled={Boolean(results[platform])}
            data-testid={`distribute-${platform}`}
          >
            {t('liveRoom.distribute', { platform: t(`liveConnect.platform.${platform}`) })}
          </Button>
        ))}
      </Group>
      {platforms.map((platform) => {
        const result = results[platform];
        if (!result) return null;
        return (
          <Alert key={platform} color="teal" role="status" data-testid={`distribution-${platform}`}>
            {t('liveRoom.distributed', {
              platform: t(`liveConnect.platform.${platform}`),
              queued: result.queued,
              held: result.held,
              already: result.alreadyDistributed,
            })}
          </Alert>
        );
      })}
    </Stack>
  );
}

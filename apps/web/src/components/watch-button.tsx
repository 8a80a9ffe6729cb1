import { apiRoutes, type Campaign } from '@hanabi/api';
import { Button } from '@mantine/core';
import { IconEye, IconEyeCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n';
import { useAccount } from '../lib/account';
import { callApi } from '../lib/api-client';
import { setWatchInCache } from '../lib/campaign-cache';
import { errorMessageOf, showErrorToast } from '../lib/toast';

interface WatchButtonProps {
  campaign: Pick<Campaign, 'id' | 'title' | 'isWatch'>;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * Watch / unwatch for signed-in audience members (nobody else has a watchlist). The flag flips at once in every
 * cached copy of the campaign and flips back if the server refuses.
 */
export function WatchButton({ campaign, size = 'sm' }: WatchButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const mutation = useMutation({
    mutationFn: async (watch: boolean) => {
      const userId = account!.id;
      return watch
        ? callApi(apiRoutes.addWatch, { params: { userId }, body: { campaignId: campaign.id } })
        : callApi(apiRoutes.removeWatch, { params: { userId }, query: { campaignId: campaign.id } });
    },
    onMutate: (watch) => setWatchInCache(queryClient, campaign.id, watch),
    onSuccess: (state) => setWatchInCache(queryClient, state.campaignId, state.isWatch),
    onError: (error, watch) => {
      setWatchInCache(queryClient, campaign.id, !watch);
      showErrorToast(errorMessageOf(error));
    },
  });
  if (account?.type !== 'audience') return null;
  const watching = campaign.isWatch;
  return (
    <Button
      size={size}
      variant={watching ? 'filled' : 'light'}
      leftSection={watching ? <IconEyeCheck size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
      aria-pressed={watching}
      aria-label={t(watching ? 'watchlist.unwatchLabel' : 'watchlist.watchLabel', { title: campaign.title })}
      onClick={() => mutation.mutate(!watching)}
      data-testid="watch-button"
    >
      {t(watching ? 'watchlist.watching' : 'watchlist.watch')}
    </Button>
  );
}

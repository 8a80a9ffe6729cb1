import type { CampaignList } from '@hanabi/api';
import { apiRoutes } from '@hanabi/api';
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { CampaignCard } from '../../../components/campaign-card';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageTitle } from '../../../components/page-title';
import { callApi } from '../../../lib/api-client';

const PAGE_SIZE = 24;

/** The caller's watchlist; under `campaigns` so a watch flip on any card refreshes it. */
function useWatchlist() {
  return useInfiniteQuery({
    queryKey: ['campaigns', 'watchlist'],
    queryFn: ({ pageParam }: { pageParam: string | null }): Promise<CampaignList> =>
      callApi(apiRoutes.listCampaigns, {
        query: {
          type: 'audience',
          watched: 'true',
          sort: 'endingSoon',
          limit: PAGE_SIZE,
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** `/audience/watchlist`: the campaigns the viewer watches, the soonest to close first. */
export function WatchlistPage() {
  const { t } = useTranslation();
  const query = useWatchlist();
  const list = query.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <PageTitle>{t('watchlistPage.title')}</PageTitle>
      <Stack gap="md">
        {query.isPending ? (
          <CenteredLoader />
        ) : query.isError ? (
          <Alert color="red" role="alert" data-testid="watchlist-error">
            {t('watchlistPage.error')}
          </Alert>
        ) : list.length === 0 ? (
          <EmptyState
            icon={<IconEye size={32} aria-hidden />}
            description={t('watchlistPage.empty')}
            next={{ to: '/audience/campaign', label: t('watchlistPage.browse') }}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="watchlist">
            {list.map((campaign) => (
              <CampaignCard key={campaign.id} campaign={campaign} />
            ))}
          </SimpleGrid>
        )}
        <LoadMoreButton query={query} label={t('campaignBrowse.more')} centered variant="light" />
      </Stack>
    </>
  );
}

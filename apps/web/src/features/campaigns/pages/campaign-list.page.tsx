import { Group, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconConfetti, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'wouter';
import { CampaignCard } from '../../../components/campaign-card';
import { LoadMoreButton } from '../../../components/load-more-button';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import {
  useCampaignBrowse,
  type BrowseFilters,
  type BrowseSort,
  type BrowseStatus,
} from '../campaign-browse-api';

const STATUSES: BrowseStatus[] = ['open', 'live', 'scheduled', 'ended', 'all'];
const SORTS: BrowseSort[] = ['newest', 'endingSoon', 'startingSoon'];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** `/audience/campaign`: search and browse public campaigns; filters live in the URL so a view can be shared. */
export function CampaignListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters: BrowseFilters = {
    q: params.get('q') ?? '',
    status: pick(params.get('status'), STATUSES, 'open'),
    platform: pick(params.get('platform'), ['youtube', 'twitcasting', 'all'] as const, 'all'),
    sort: pick(params.get('sort'), SORTS, 'newest'),
  };
  const [q] = useDebouncedValue(filters.q, 300);
  const query = useCampaignBrowse({ ...filters, q });
  const set = (key: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const campaigns = query.data?.pages.flatMap((page) => page.list) ?? [];
  const statusLabel: Record<BrowseStatus, string> = {
    open: t('campaignBrowse.statusOpen'),
    live: t('campaigns.status.live'),
    scheduled: t('campaigns.status.scheduled'),
    ended: t('campaigns.status.ended'),
    all: t('campaignBrowse.statusAll'),
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('campaignBrowse.title')}</PageTitle>
      <TextInput
        label={t('campaignBrowse.search')}
        placeholder={t('campaignBrowse.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.q}
        onChange={(event) => set('q', event.currentTarget.value)}
        type="search"
        data-testid="campaign-search"
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('campaignBrowse.status')}
          data={STATUSES.map((value) => ({ value, label: statusLabel[value] }))}
          value={filters.status}
          onChange={(value) => set('status', value ?? 'open')}
          allowDeselect={false}
          w={170}
        />
        <Select
          label={t('campaignBrowse.platform')}
          data={[
            { value: 'all', label: t('campaignBrowse.platformAll') },
            { value: 'youtube', label: 'YouTube' },
            { value: 'twitcasting', label: 'TwitCasting' },
          ]}
          value={filters.platform}
          onChange={(value) => set('platform', value ?? 'all')}
          allowDeselect={false}
          w={150}
        />
      </Group>
      <SegmentedControl
        aria-label={t('campaignBrowse.sort')}
        data={[
          { value: 'newest', label: t('campaignBrowse.sortNewest') },
          { value: 'endingSoon', label: t('campaignBrowse.sortEndingSoon') },
          { value: 'startingSoon', label: t('campaignBrowse.sortStartingSoon') },
        ]}
        value={filters.sort}
        onChange={(value) => set('sort', value)}
        fullWidth
        style={{ maxWidth: 520 }}
      />
      {query.isPending ? (
        <CenteredLoader />
      ) : campaigns.length === 0 ? (
        <EmptyState description={t('campaignBrowse.empty')} icon={<IconConfetti size={32} aria-hidden />} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" data-testid="campaign-results">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </SimpleGrid>
      )}
      <LoadMoreButton query={query} label={t('campaignBrowse.more')} centered variant="light" />
    </Stack>
  );
}

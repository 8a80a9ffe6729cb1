import type { StreamerCard } from '@hanabi/api';
import { Avatar, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingBroadcastTower, IconSearch } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { FollowButton } from '../components/follow-button';
import { useStreamerDirectory, type StreamerSort } from '../streamer-api';
import { LoadMoreButton } from '../../../components/load-more-button';

const SORTS: StreamerSort[] = ['followers', 'activeCampaigns', 'newest'];

function StreamerTile({ streamer }: { streamer: StreamerCard }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="article" data-testid="streamer-card">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={streamer.avatarUrl} alt="" size="lg" radius="xl" />
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text
            component={Link}
            to={`/audience/streamer/${streamer.id}`}
            fw={700}
            truncate="end"
            style={{ color: 'inherit' }}
          >
            {streamer.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('streamerDirectory.followers', { count: streamer.followerCount })} ·{' '}
            {t('streamerDirectory.activeCampaigns', { count: streamer.activeCampaignCount })}
          </Text>
          {streamer.bio && (
            <Text size="sm" lineClamp={2}>
              {streamer.bio}
            </Text>
          )}
        </Stack>
      </Group>
      <Group justify="flex-end" mt="sm">
        <FollowButton streamer={streamer} />
      </Group>
    </Card>
  );
}

/** `/audience/streamer`: find streamers, sorted by followers or active campaigns; follow them. */
export function StreamerListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = SORTS.includes(params.get('sort') as StreamerSort)
    ? (params.get('sort') as StreamerSort)
    : 'followers';
  const following = params.get('following') === 'true';
  const [debounced] = useDebouncedValue(q, 300);
  const query = useStreamerDirectory({ q: debounced, sort, following });
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
  const streamers = query.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Stack gap="md">
      <PageTitle>{t('streamerDirectory.title')}</PageTitle>
      <TextInput
        label={t('streamerDirectory.search')}
        placeholder={t('streamerDirectory.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        type="search"
        value={q}
        onChange={(event) => set('q', event.currentTarget.value)}
      />
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('streamerDirectory.sort')}
          data={[
            { value: 'followers', label: t('streamerDirectory.sortFollowers') },
            { value: 'activeCampaigns', label: t('streamerDirectory.sortActive') },
            { value: 'newest', label: t('streamerDirectory.sortNewest') },
          ]}
          value={sort}
          onChange={(value) => set('sort', value ?? '')}
          allowDeselect={false}
          w={240}
        />
        <Checkbox
          label={t('streamerDirectory.followingOnly')}
          checked={following}
          onChange={(event) => set('following', event.currentTarget.checked ? 'true' : '')}
          mb={8}
        />
      </Group>
      {query.isPending ? (
        <CenteredLoader />
      ) : streamers.length === 0 ? (
        <EmptyState
          description={t(following ? 'streamerDirectory.emptyFollowing' : 'streamerDirectory.empty')}
          icon={<IconBuildingBroadcastTower size={32} aria-hidden />}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {streamers.map((streamer) => (
            <StreamerTile key={streamer.id} streamer={streamer} />
          ))}
        </SimpleGrid>
      )}
      <LoadMoreButton query={query} label={t('streamerDirectory.more')} centered variant="light" />
    </Stack>
  );
}

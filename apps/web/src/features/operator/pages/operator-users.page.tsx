import type { AdminUser } from '@hanabi/api';
import {
  Alert,
  Avatar,
  Badge,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconUsers } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useSearchParams } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../lib/format';
import { errorMessageOf } from '../../../lib/toast';
import { useAdminUsers } from '../users/admin-users-api';
import { filtersFromSearch } from '../users/user-filters';
import { LoadMoreButton } from '../../../components/load-more-button';

function UserRow({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/operator/users/${user.id}`} data-testid="admin-user-row">
      <Card withBorder padding="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={user.avatarUrl} alt="" radius="xl" />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Text>
              <Badge size="sm" variant="light" color="gray">
                {t(`operatorUsers.types.${user.type}`)}
              </Badge>
              {user.role === 'operator' && (
                <Badge size="sm" variant="light" color="grape">
                  {t('operatorUsers.operatorBadge')}
                </Badge>
              )}
              {user.suspendedAt && (
                <Badge size="sm" variant="filled" color="red.8">
                  {t('operatorUsers.suspendedBadge')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email ?? t('operatorUsers.noEmail')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('operatorUsers.joined', { date: formatDate(user.createdAt, i18n.language) })}
              {user.youtubeTitle ? ` · YouTube: ${user.youtubeTitle}` : ''}
              {user.twitcastingScreenId ? ` · TwitCasting: ${user.twitcastingScreenId}` : ''}
            </Text>
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** `/operator/users`: search and filter every user; each opens its detail page. */
export function OperatorUsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const users = useAdminUsers(filters);
  const list = users.data?.pages.flatMap((page) => page.list) ?? [];

  const setParam = (key: string, value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const setQuery = useDebouncedCallback((value: string) => setParam('q', value.trim() || null), 300);

  const any = t('operatorUsers.any');
  const select = (key: string, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      data={[{ value: '', label: any }, ...data]}
      value={search.get(key) ?? ''}
      onChange={(value) => setParam(key, value || null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      <PageTitle>{t('pages.operatorUsers.title')}</PageTitle>
      <Stack gap="md" maw={960}>
        <TextInput
          label={t('operatorUsers.search')}
          placeholder={t('operatorUsers.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          defaultValue={filters.q ?? ''}
          onChange={(event) => setQuery(event.currentTarget.value)}
          type="search"
        />
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {select('type', t('operatorUsers.type'), [
            { value: 'streamer', label: t('operatorUsers.types.streamer') },
            { value: 'audience', label: t('operatorUsers.types.audience') },
          ])}
          {select('role', t('operatorUsers.role'), [
            { value: 'user', label: t('operatorUsers.roles.user') },
            { value: 'operator', label: t('operatorUsers.roles.operator') },
          ])}
          {select('platform', t('operatorUsers.platform'), [
            { value: 'youtube', label: t('operatorUsers.platforms.youtube') },
            { value: 'twitcasting', label: t('operatorUsers.platforms.twitcasting') },
            { value: 'none', label: t('operatorUsers.platforms.none') },
          ])}
          {select('hasWallet', t('operatorUsers.wallet'), [
            { value: 'true', label: t('operatorUsers.yes') },
            { value: 'false', label: t('operatorUsers.no') },
          ])}
          {select('suspended', t('operatorUsers.suspended'), [
            { value: 'true', label: t('operatorUsers.suspendedOnly') },
            { value: 'false', label: t('operatorUsers.activeOnly') },
          ])}
        </SimpleGrid>

        {users.isPending ? (
          <Stack gap="xs">
            <Skeleton height={76} radius="md" />
            <Skeleton height={76} radius="md" />
          </Stack>
        ) : users.isError ? (
          <Alert color="red" role="alert">
            {errorMessageOf(users.error)}
          </Alert>
        ) : list.length === 0 ? (
          <EmptyState
            description={t('operatorUsers.empty')}
            icon={<IconUsers size={32} stroke={1.5} aria-hidden />}
          />
        ) : (
          <Stack gap="xs" data-testid="admin-user-list">
            {list.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
            <LoadMoreButton query={users} label={t('operatorUsers.loadMore')} />
          </Stack>
        )}
      </Stack>
    </>
  );
}

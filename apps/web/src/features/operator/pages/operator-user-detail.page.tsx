import type { AdminUserDetail } from '@hanabi/api';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '../../../lib/modals';
import {
  IconArrowLeft,
  IconShieldCheck,
  IconShieldOff,
  IconUserCancel,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { PageTitle } from '../../../components/page-title';
import { isApiError } from '../../../lib/api-client';
import { useAccount } from '../../../lib/account';
import { formatDateTime, shortAddress } from '../../../lib/format';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useAdminUser, useAdminUserWrites } from '../users/admin-users-api';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Section<T extends { id: string }>({
  title,
  list,
  total,
  empty,
  cells,
}: {
  title: string;
  /** The newest rows the API sent (it caps them); `total` says how many there are. */
  list: T[];
  total: number;
  empty: string;
  cells: (item: T) => ReactNode[];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={480}>
              <Table striped>
                <Table.Tbody>
                  {list.map((item) => (
                    <Table.Tr key={item.id}>
                      {cells(item).map((cell, index) => (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.length < total && (
              <Text size="xs" c="dimmed">
                {t('operatorUsers.detail.newestOnly', { shown: list.length })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function Actions({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  const { data: me } = useAccount();
  const { user } = detail;
  const writes = useAdminUserWrites(user.id);
  const self = me?.id === user.id;
  const confirm = (title: string, body: string, color: string, run: () => void) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: t('operatorUsers.actions.confirm'), cancel: t('common.cancel') },
      confirmProps: { color, 'data-testid': 'confirm-action' } as Record<string, string>,
      onConfirm: run,
    });
  const done = {
    onSuccess: () => showSuccessToast(),
    onError: (e: unknown) => showErrorToast(errorMessageOf(e)),
  };
  const name = user.name;
  const isOperator = user.role === 'operator';
  const suspended = user.suspendedAt !== null;

  return (
    <Card withBorder padding="md" component="section">
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('operatorUsers.actions.title')}
        </Title>
        {self && (
          <Text size="sm" c="dimmed">
            {t('operatorUsers.actions.self')}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            color={isOperator ? 'gray' : 'grape'}
            disabled={self}
            loading={writes.setRole.isPending}
            leftSection={
              isOperator ? <IconShieldOff size={16} aria-hidden /> : <IconShieldCheck size={16} aria-hidden />
            }
            onClick={() =>
              isOperator
                ? confirm(
                    t('operatorUsers.actions.confirmRevokeTitle'),
                    t('operatorUsers.actions.confirmRevoke', { name }),
                    'red',
                    () => writes.setRole.mutate('user', done),
                  )
                : confirm(
                    t('operatorUsers.actions.confirmGrantTitle'),
                    t('operatorUsers.actions.confirmGrant', { name }),
                    'grape',
                    () => writes.setRole.mutate('operator', done),
                  )
            }
          >
            {isOperator ? t('operatorUsers.actions.revoke') : t('operatorUsers.actions.grant')}
          </Button>
          <Button
            variant={suspended ? 'light' : 'filled'}
            color={suspended ? 'teal' : 'red.8'}
            disabled={self}
            loading={writes.setSuspended.isPending}
            leftSection={
              suspended ? <IconUserCheck size={16} aria-hidden /> : <IconUserCancel size={16} aria-hidden />
            }
            onClick={() =>
              suspended
                ? confirm(
                    t('operatorUsers.actions.confirmUnsuspendTitle'),
                    t('operatorUsers.actions.confirmUnsuspend', { name }),
                    'teal',
                    () => writes.setSuspended.mutate(false, done),
                  )
                : confirm(
                    t('operatorUsers.actions.confirmSuspendTitle'),
                    t('operatorUsers.actions.confirmSuspend', { name }),
                    'red',
                    () => writes.setSuspended.mutate(true, done),
                  )
            }
          >
            {suspended ? t('operatorUsers.actions.unsuspend') : t('operatorUsers.actions.suspend')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/operator/users/:id`: one user, what they made and received, and the operator's actions on them. */
export function OperatorUserDetailPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const detail = useAdminUser(id);
  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const back = (
    <Anchor component={Link} to="/operator/users" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('operatorUsers.detail.back')}
      </Group>
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <>
        <PageTitle>{t('pages.operatorUsers.title')}</PageTitle>
        <Skeleton height={160} radius="md" />
      </>
    );
  }
  if (detail.isError) {
    const missing = isApiError(detail.error) && detail.error.status === 404;
    return (
      <>
        <PageTitle>{t('pages.operatorUsers.title')}</PageTitle>
        <Stack gap="sm">
          <Alert color={missing ? 'gray' : 'red'} role="alert">
            {missing ? t('operatorUsers.detail.notFound') : errorMessageOf(detail.error)}
          </Alert>
          {back}
        </Stack>
      </>
    );
  }
  const { user, campaigns, goods, deliveries } = detail.data;
  const none = t('operatorUsers.detail.none');

  return (
    <>
      <PageTitle>{user.name}</PageTitle>
      <Stack gap="md" maw={960}>
        {back}
        <Card withBorder padding="md">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <Avatar src={user.avatarUrl} alt="" size="lg" radius="xl" />
            <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
              <Group gap={6}>
                <Badge variant="light" color="gray">
                  {t(`operatorUsers.types.${user.type}`)}
                </Badge>
                {user.role === 'operator' && (
                  <Badge variant="light" color="grape" data-testid="operator-badge">
                    {t('operatorUsers.operatorBadge')}
                  </Badge>
                )}
                {user.suspendedAt && (
                  <Badge variant="filled" color="red.8" data-testid="suspended-badge">
                    {t('operatorUsers.suspendedBadge')}
                  </Badge>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Fact label={t('operatorUsers.detail.email')}>{user.email ?? none}</Fact>
                <Fact label={t('operatorUsers.detail.wallet')}>
                  {user.walletAddress ? <Code>{user.walletAddress}</Code> : none}
                </Fact>
                <Fact label={t('operatorUsers.detail.youtube')}>
                  {user.youtubeChannelId ? `${user.youtubeTitle ?? ''} (${user.youtubeChannelId})` : none}
                </Fact>
                <Fact label={t('operatorUsers.detail.twitcasting')}>
                  {user.twitcastingUserId
                    ? `${user.twitcastingName ?? ''} (@${user.twitcastingScreenId ?? user.twitcastingUserId})`
                    : none}
                </Fact>
                <Fact label={t('operatorUsers.detail.joined')}>{date(user.createdAt)}</Fact>
                {user.suspendedAt && (
                  <Fact label={t('operatorUsers.detail.suspendedAt')}>{date(user.suspendedAt)}</Fact>
                )}
              </SimpleGrid>
              {user.bio && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {user.bio}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>

        <Actions detail={detail.data} />

        <Section
          title={t('operatorUsers.detail.campaigns', { count: campaigns.total })}
          list={campaigns.list}
          total={campaigns.total}
          empty={t('operatorUsers.detail.noCampaigns')}
          cells={(item) => [
            <Anchor key="title" component={Link} to={`/campaign/${item.id}`} size="sm">
              {item.title}
            </Anchor>,
            <Badge key="status" size="sm" variant="filled" color="gray.7">
              {t(`campaigns.status.${item.status}`)}
            </Badge>,
            <Text key="period" size="xs">
              {date(item.startsAt)} – {date(item.endsAt)}
            </Text>,
          ]}
        />

        <Section
          title={t('operatorUsers.detail.goods', { count: goods.total })}
          list={goods.list}
          total={goods.total}
          empty={t('operatorUsers.detail.noGoods')}
          cells={(item) => [
            <Text key="name" size="sm">
              {item.name}
            </Text>,
            <Badge
              key="status"
              size="sm"
              variant="filled"
              color={item.status === 'published' ? 'teal.9' : 'gray.7'}
            >
              {t(`goods.status.${item.status}`)}
            </Badge>,
            <Text key="token" size="xs">
              {item.tokenId ? `#${item.tokenId}` : none} · {item.supply}
            </Text>,
          ]}
        />

        <Section
          title={t('operatorUsers.detail.deliveries', { count: deliveries.total })}
          list={deliveries.list}
          total={deliveries.total}
          empty={t('operatorUsers.detail.noDeliveries')}
          cells={(item) => [
            <Text key="at" size="xs">
              {date(item.createdAt)}
            </Text>,
            <DeliveryStatusBadge key="status" status={item.status} />,
            <Text key="what" size="xs">
              #{item.tokenId} × {item.amount} → <Code>{shortAddress(item.recipientAddress)}</Code>
            </Text>,
          ]}
        />
      </Stack>
    </>
  );
}

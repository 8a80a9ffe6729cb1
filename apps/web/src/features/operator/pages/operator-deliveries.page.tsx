import { DELIVERY_STATUSES, type Delivery, type DeliveryStatus } from '@hanabi/api';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { formatDateTime, shortAddress } from '../../../lib/format';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import {
  cancelDelivery,
  deliveryQueueKeys,
  retryDelivery,
  useDeliveryQueue,
} from '../deliveries/delivery-queue-api';
import { InFlightTable } from '../deliveries/in-flight-table';

/** `/operator/deliveries`: every delivery by state, the transactions in flight, retry/cancel for failed rows. */
export function OperatorDeliveriesPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const queue = useDeliveryQueue(status);
  const act = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'retry' | 'cancel' }) =>
      action === 'retry' ? retryDelivery(id) : cancelDelivery(id),
    onSuccess: async (_row, { action }) => {
      showSuccessToast(t(action === 'retry' ? 'deliveryQueue.retried' : 'deliveryQueue.cancelled'));
      await queryClient.invalidateQueries({ queryKey: deliveryQueueKeys.all });
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const confirmCancel = (row: Delivery) =>
    modals.openConfirmModal({
      title: t('deliveryQueue.cancel'),
      children: <Text size="sm">{t('deliveryQueue.cancelConfirm')}</Text>,
      labels: { confirm: t('deliveryQueue.cancel'), cancel: t('common.back') },
      confirmProps: { color: 'red' },
      onConfirm: () => act.mutate({ id: row.id, action: 'cancel' }),
    });

  const first = queue.data?.pages[0];
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = first?.counts;
  return (
    <Stack gap="md">
      <div>
        <PageTitle>{t('deliveryQueue.title')}</PageTitle>
        <Text c="dimmed">{t('deliveryQueue.intro')}</Text>
      </div>
      <SegmentedControl
        aria-label={t('deliveryQueue.filter')}
        value={status ?? 'all'}
        onChange={(value) => setStatus(value === 'all' ? null : (value as DeliveryStatus))}
        data={[
          { value: 'all', label: t('deliveryQueue.all') },
          ...DELIVERY_STATUSES.map((value) => ({
            value,
            label: `${t(`deliveryStatus.${value}`)}${counts ? ` ${counts[value]}` : ''}`,
          })),
        ]}
        style={{ overflowX: 'auto' }}
      />
      {counts && counts.held > 0 && (
        <Text size="sm" c="dimmed">
          {t('deliveryStatus.held')}: {counts.held}
        </Text>
      )}
      {queue.isPending && <CenteredLoader />}
      {queue.isError && <Text c="red">{errorMessageOf(queue.error)}</Text>}
      {!queue.isPending && items.length === 0 && <EmptyState description={t('deliveryQueue.empty')} />}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table striped data-testid="delivery-queue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveryQueue.goods')}</Table.Th>
                <Table.Th>{t('deliveryQueue.recipient')}</Table.Th>
                <Table.Th>{t('distribution.column.amount')}</Table.Th>
                <Table.Th>{t('distribution.column.status')}</Table.Th>
                <Table.Th>{t('deliveryQueue.attempts')}</Table.Th>
                <Table.Th>{t('distribution.column.transaction')}</Table.Th>
                <Table.Th>{t('deliveryQueue.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-status={row.status}>
                  <Table.Td>
                    <Text size="sm">{row.goodsName ?? `#${row.tokenId}`}</Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="outline">
                        {t(`deliveryQueue.source.${row.source}`)}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(row.createdAt, i18n.language)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.recipientName ?? ''}</Text>
                    <Text size="xs" c="dimmed" ff="monospace" title={row.recipientAddress}>
                      {shortAddress(row.recipientAddress)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.amount}</Table.Td>
                  <Table.Td>
                    <DeliveryStatusBadge status={row.status} />
                    {row.lastError && (
                      <Text size="xs" c={row.status === 'failed' ? 'red' : 'dimmed'} maw={260}>
                        {row.lastError}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.attempts}</Table.Td>
                  <Table.Td>
                    {row.txHash && (
                      <Text size="xs" ff="monospace" title={row.txHash}>
                        {shortAddress(row.txHash)}
                        {row.blockNumber !== null ? ` #${row.blockNumber}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {row.status === 'failed' && (
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => act.mutate({ id: row.id, action: 'retry' })}
                        >
                          {t('deliveryQueue.retry')}
                        </Button>
                      )}
                      {(row.status === 'failed' || row.status === 'queued') && (
                        <Button size="xs" variant="subtle" color="red" onClick={() => confirmCancel(row)}>
                          {t('deliveryQueue.cancel')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {queue.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void queue.fetchNextPage()}
          loading={queue.isFetchingNextPage}
        >
          {t('distribution.loadMore')}
        </Button>
      )}
      <InFlightTable transactions={first?.inFlight ?? []} />
    </Stack>
  );
}

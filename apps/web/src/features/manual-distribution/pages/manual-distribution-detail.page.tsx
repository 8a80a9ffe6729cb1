import { Alert, Anchor, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf } from '../../../lib/toast';
import { shortAddress } from '../../../lib/format';
import { DistributionStatusBadge, distributionProgress } from '../components/distribution-history';
import { useDistribution } from '../manual-distribution-api';

/** `/streamer/editor/manual-distribution/:id`: a distribution's progress, row by row, refreshed while it runs. */
export function ManualDistributionDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDistribution(id);
  const back = (
    <Button
      component={Link}
      to="/streamer/editor/manual-distribution"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
    >
      {t('distribution.back')}
    </Button>
  );
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red">
          {query.error && 'status' in query.error && query.error.status === 404
            ? t('distribution.notFound')
            : errorMessageOf(query.error)}
        </Alert>
      </Stack>
    );
  }
  const { distribution, rows } = query.data;
  const progress = distributionProgress(distribution);
  return (
    <Stack gap="md">
      {back}
      <PageTitle>{t('distribution.detailTitle')}</PageTitle>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{distribution.goodsName}</Text>
          <DistributionStatusBadge status={distribution.status} />
        </Group>
        <Progress
          value={progress.percent}
          mt="sm"
          size="lg"
          animated={distribution.status === 'delivering'}
          aria-label={t('distribution.progress', progress)}
          data-testid="distribution-progress"
        />
        <Text size="sm" mt={6} data-testid="distribution-progress-text">
          {t('distribution.progress', progress)}
        </Text>
        {distribution.heldCount > 0 && (
          <Text size="sm" c="dimmed">
            {t('distribution.heldNote', { count: distribution.counts.held })}
          </Text>
        )}
      </Paper>
      {/* Three columns, the transaction under its state: the table fits a phone without scrolling sideways. */}
      <Table.ScrollContainer minWidth={0}>
        <Table striped data-testid="distribution-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('distribution.column.row')}</Table.Th>
              <Table.Th>{t('distribution.column.recipient')}</Table.Th>
              <Table.Th>{t('distribution.column.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.row}-${row.status}`}>
                <Table.Td>{row.row + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm">{row.name ?? ''}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {row.address ? shortAddress(row.address) : row.recipient}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DeliveryStatusBadge status={row.status} />
                  {row.lastError && row.status === 'failed' && (
                    <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
                      {row.lastError}
                    </Text>
                  )}
                  {row.txHash && (
                    <Text size="xs" c="dimmed">
                      {t('distribution.column.transaction')}{' '}
                      <Anchor size="xs" ff="monospace" title={row.txHash}>
                        {shortAddress(row.txHash)}
                      </Anchor>
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

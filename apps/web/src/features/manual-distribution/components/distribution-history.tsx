import type { ManualDistribution } from '@hanabi/api';
import { Badge, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { formatDateTime } from '../../../lib/format';
import { useDistributionHistory } from '../manual-distribution-api';
import { LoadMoreButton } from '../../../components/load-more-button';

/** Done = confirmed or failed: the rows that are no longer on their way. */
export function distributionProgress(item: ManualDistribution): {
  done: number;
  total: number;
  percent: number;
} {
  const total = item.counts.queued + item.counts.submitted + item.counts.confirmed + item.counts.failed;
  const done = item.counts.confirmed + item.counts.failed;
  return { done, total, percent: total === 0 ? 100 : Math.round((done / total) * 100) };
}

export function DistributionStatusBadge({ status }: { status: ManualDistribution['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'completed' ? 'teal.9' : 'blue.9'} variant="filled" autoContrast>
      {t(`distribution.distributionStatus.${status}`)}
    </Badge>
  );
}

/** The streamer's past distributions, newest first, each with its progress. */
export function DistributionHistory() {
  const { t, i18n } = useTranslation();
  const history = useDistributionHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('distribution.history')}
      </Title>
      {history.isPending && <CenteredLoader />}
      {!history.isPending && items.length === 0 && <Text c="dimmed">{t('distribution.historyEmpty')}</Text>}
      {items.map((item) => {
        const progress = distributionProgress(item);
        return (
          <Paper key={item.id} withBorder p="sm" radius="md" data-testid="distribution-history-item">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {item.goodsName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.createdAt, i18n.language)}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <DistributionStatusBadge status={item.status} />
                <Button
                  component={Link}
                  to={`/streamer/editor/manual-distribution/${item.id}`}
                  size="xs"
                  variant="light"
                >
                  {t('distribution.open')}
                </Button>
              </Group>
            </Group>
            <Progress
              value={progress.percent}
              mt="xs"
              size="sm"
              aria-label={t('distribution.progress', progress)}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('distribution.progress', progress)}
              {item.heldCount > 0 ? ` · ${t('distribution.heldNote', { count: item.heldCount })}` : ''}
            </Text>
          </Paper>
        );
      })}
      <LoadMoreButton query={history} label={t('distribution.loadMore')} />
    </Stack>
  );
}

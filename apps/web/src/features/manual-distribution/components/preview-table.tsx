import type { ManualDistributionPreview, PreviewOutcome } from '@hanabi/api';
import { Badge, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const OUTCOME_COLORS: Record<PreviewOutcome, string> = {
  deliver: 'teal.9',
  hold: 'grape.8',
  duplicate: 'yellow.4',
  invalid: 'red.9',
};

/** The dry run: totals first, then what each row will do. */
export function PreviewTable({ preview }: { preview: ManualDistributionPreview }) {
  const { t } = useTranslation();
  const figures = [
    { label: t('distribution.summary.deliver'), value: preview.deliverCount, color: 'teal.9' },
    { label: t('distribution.summary.hold'), value: preview.holdCount, color: 'grape.8' },
    { label: t('distribution.summary.duplicate'), value: preview.duplicateCount, color: 'yellow.9' },
    { label: t('distribution.summary.invalid'), value: preview.invalidCount, color: 'red.9' },
  ];
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="preview-summary">
        {figures.map((figure) => (
          <Paper key={figure.label} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} size="xl" c={figure.value > 0 ? figure.color : undefined}>
              {figure.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c={preview.totalAmount > preview.remainingSupply ? 'red.9' : 'dimmed'}>
        {t('distribution.summary.supply', { total: preview.totalAmount, remaining: preview.remainingSupply })}
      </Text>
      <Table.ScrollContainer minWidth={640} maxHeight={420}>
        <Table striped stickyHeader data-testid="preview-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('distribution.column.row')}</Table.Th>
              <Table.Th>{t('distribution.column.recipient')}</Table.Th>
              <Table.Th>{t('distribution.column.resolved')}</Table.Th>
              <Table.Th>{t('distribution.column.amount')}</Table.Th>
              <Table.Th>{t('distribution.column.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row} data-outcome={row.outcome}>
                <Table.Td>{row.row + 1}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {row.kind && (
                      <Badge size="xs" variant="outline">
                        {t(`distribution.kind.${row.kind}`)}
                      </Badge>
                    )}
                    <Text size="sm" ff="monospace" truncate maw={260}>
                      {row.recipient}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{row.userName ?? ''}</Text>
                  {row.address && (
                    <Text size="xs" c="dimmed" ff="monospace" truncate maw={220}>
                      {row.address}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.amount}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLORS[row.outcome]} variant="filled" autoContrast>
                    {t(`distribution.outcome.${row.outcome}`)}
                  </Badge>
                  {row.duplicateOf !== null && (
                    <Text size="xs" c="dimmed">
                      {t('distribution.duplicateOf', { row: row.duplicateOf + 1 })}
                    </Text>
                  )}
                  {row.reason && (
                    <Text size="xs" c="red">
                      {row.reason}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

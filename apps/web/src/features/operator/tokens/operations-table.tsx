import type { ChainOperation } from '@hanabi/api';
import { Badge, Code, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime, shortAddress } from '../../../lib/format';
import { CopyableMono } from '../components/copyable-mono';
import { FormError } from '../components/form-error';
import { ToolCard } from '../components/tool-card';
import { listOperations, tokenKeys } from './token-api';
import { formatUint } from './token-helpers';
import { LoadMoreButton } from '../../../components/load-more-button';

const STATUS_COLOR: Record<ChainOperation['status'], string> = {
  submitted: 'indigo',
  confirmed: 'teal',
  failed: 'red',
};

const KIND_KEY = {
  mint: 'mint',
  burn: 'burn',
  transfer: 'transfer',
  approve: 'approve',
  set_uri: 'setUri',
} as const satisfies Record<ChainOperation['kind'], string>;

function Address({ value }: { value: string | null }) {
  if (!value) return <Text size="sm">—</Text>;
  return (
    <Tooltip label={value} withArrow>
      {/* The full address is read after the short one (an aria-label would replace the visible text). */}
      <Code tabIndex={0} style={{ whiteSpace: 'nowrap' }}>
        {shortAddress(value)}
        <VisuallyHidden> {value}</VisuallyHidden>
      </Code>
    </Tooltip>
  );
}

/** Every write Hanabi made or tried, newest first, a page at a time; refreshed after each write. */
export function OperationsTable() {
  const { t, i18n } = useTranslation();
  const history = useInfiniteQuery({
    queryKey: tokenKeys.operations,
    queryFn: ({ pageParam }) => listOperations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = history.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <ToolCard
      id="operations"
      title={t('operatorTokens.history.title')}
      description={t('operatorTokens.history.description')}
      icon={<IconHistory size={22} stroke={1.6} aria-hidden />}
    >
      <FormError error={history.error} testId="operations-error" />
      {rows.length === 0 && !history.isPending ? (
        <Text size="sm" c="dimmed">
          {t('operatorTokens.history.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={940}>
          <Table highlightOnHover verticalSpacing="xs" data-testid="operations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('operatorTokens.history.when')}</Table.Th>
                <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {t('operatorTokens.history.kind')}
                </Table.Th>
                <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {t('operatorTokens.fields.tokenId')}
                </Table.Th>
                <Table.Th scope="col">{t('operatorTokens.history.from')}</Table.Th>
                <Table.Th scope="col">{t('operatorTokens.history.to')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('operatorTokens.fields.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('operatorTokens.tx.status')}</Table.Th>
                <Table.Th scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {t('operatorTokens.tx.hash')}
                </Table.Th>
                <Table.Th scope="col">{t('operatorTokens.history.by')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((op) => (
                <Fragment key={op.id}>
                  <Table.Tr data-testid="operation-row" data-kind={op.kind} data-status={op.status}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{formatDateTime(op.createdAt, i18n.language)}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{t(`operatorTokens.kind.${KIND_KEY[op.kind]}`)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{op.tokenId}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Address value={op.from} />
                    </Table.Td>
                    <Table.Td>
                      {op.kind === 'set_uri' ? (
                        <Text size="sm" style={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
                          {op.uri ?? '—'}
                        </Text>
                      ) : (
                        <Address value={op.to} />
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatUint(op.amount, i18n.language)}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={2} align="flex-start">
                        <Badge color={`${STATUS_COLOR[op.status]}.9`} variant="filled" tt="none">
                          {t(`operatorTokens.status.${op.status}`)}
                        </Badge>
                        {op.blockNumber !== null && (
                          <Text size="xs" c="dimmed">
                            {t('operatorTokens.tx.block')} {op.blockNumber}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {op.txHash ? (
                        <CopyableMono value={op.txHash} label={t('operatorTokens.tx.hash')} short />
                      ) : (
                        <Text size="sm">—</Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm">{op.requestedBy?.name ?? t('operatorTokens.history.system')}</Text>
                    </Table.Td>
                  </Table.Tr>
                  {op.error && (
                    <Table.Tr data-testid="operation-error">
                      <Table.Td colSpan={9} pt={0}>
                        <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                          {op.error}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMoreButton
        query={history}
        label={t('operatorTokens.history.more')}
        centered
        variant="default"
        testId="operations-more"
      />
    </ToolCard>
  );
}

import type { TokenTxResult } from '@hanabi/api';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { CopyableMono } from './copyable-mono';

export interface TxOutcome extends TokenTxResult {
  /** A second transaction (mint with a URI sets it after the mint). */
  uriTxHash?: string | null;
  /** Extra lines (the URI set, the metadata CID). */
  extra?: { label: string; value: string }[];
}

/** The confirmed transaction of the last write: hash (copyable), block, status. */
export function TxResult({ result, testId }: { result: TxOutcome | null; testId?: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  return (
    <Alert
      color="teal"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      variant="light"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={t('operatorTokens.tx.confirmed')}
      data-testid={testId ?? 'tx-result'}
    >
      <Stack gap={6}>
        <Stack gap={2}>
          <Text size="xs" c="gray.8">
            {t('operatorTokens.tx.hash')}
          </Text>
          <CopyableMono value={result.txHash} label={t('operatorTokens.tx.hash')} testId="tx-hash" />
        </Stack>
        <Group gap="lg">
          <Text size="sm">
            {t('operatorTokens.tx.block')}: <b data-testid="tx-block">{result.blockNumber}</b>
          </Text>
          <Text size="sm">
            {t('operatorTokens.tx.status')}:{' '}
            <b data-testid="tx-status">{t(`operatorTokens.status.${result.status}`)}</b>
          </Text>
        </Group>
        {result.uriTxHash && (
          <Stack gap={2}>
            <Text size="xs" c="gray.8">
              {t('operatorTokens.tx.uriHash')}
            </Text>
            <CopyableMono value={result.uriTxHash} label={t('operatorTokens.tx.uriHash')} />
          </Stack>
        )}
        {result.extra?.map((line) => (
          <Stack gap={2} key={line.label}>
            <Text size="xs" c="gray.8">
              {line.label}
            </Text>
            <CopyableMono value={line.value} label={line.label} />
          </Stack>
        ))}
      </Stack>
    </Alert>
  );
}

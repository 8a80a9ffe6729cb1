import type { PublicDraw } from '@hanabi/api';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { CopyableValue } from './copyable-value';

/**
 * The draw's public record (decision 0202): where it is, when its block was made, and the chain RPC this page reads
 * it through — the server's published one by default, or one the reader trusts more.
 */
export function RecordPanel({
  record,
  rpcUrl,
  onRpcUrl,
}: {
  record: PublicDraw['record'];
  rpcUrl: string | null;
  onRpcUrl: (url: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(rpcUrl ?? '');
  if (!record) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-record">
        {t('drawProof.record.none')}
      </Text>
    );
  }
  const valid = /^https?:\/\/\S+$/.test(draft.trim());
  return (
    <Card withBorder padding="md" data-testid="record">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('drawProof.record.title')}
        </Title>
        <Text size="sm">
          {t('drawProof.record.lead', {
            number: record.number,
            time: formatDateTime(record.blockTime, i18n.language),
            chainId: record.chainId,
          })}
        </Text>
        <CopyableValue label={t('drawProof.record.tx')} value={record.txHash} />
        <CopyableValue label={t('drawProof.record.registry')} value={record.registry} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (valid) onRpcUrl(draft.trim());
          }}
        >
          <Group align="end" gap="xs" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 16rem' }}
              label={t('drawProof.record.rpc')}
              description={
                rpcUrl ? t('drawProof.record.rpcUsed', { url: rpcUrl }) : t('drawProof.record.rpcNone')
              }
              placeholder="https://…"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              data-testid="record-rpc"
            />
            <Button type="submit" variant="light" disabled={!valid}>
              {t('drawProof.record.check')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

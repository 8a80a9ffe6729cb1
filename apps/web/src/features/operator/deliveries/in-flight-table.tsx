import type { SignerTransaction } from '@hanabi/api';
import { Badge, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { shortAddress } from '../../../lib/format';

/** The signer's transactions not yet final: what the reconciler is watching. */
export function InFlightTable({ transactions }: { transactions: SignerTransaction[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h4">
        {t('deliveryQueue.inFlight')}
      </Title>
      {transactions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('deliveryQueue.inFlightEmpty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table data-testid="in-flight">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveryQueue.nonce')}</Table.Th>
                <Table.Th>{t('distribution.column.transaction')}</Table.Th>
                <Table.Th>{t('deliveryQueue.recipients')}</Table.Th>
                <Table.Th>{t('distribution.column.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transactions.map((tx) => (
                <Table.Tr key={tx.id}>
                  <Table.Td>{tx.nonce}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace" title={tx.txHash}>
                      {shortAddress(tx.txHash)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{tx.recipientCount}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{tx.status}</Badge>
                    {tx.replacementCount > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('deliveryQueue.replaced', { count: tx.replacementCount })}
                      </Text>
                    )}
                    {tx.lastError && (
                      <Text size="xs" c="red">
                        {tx.lastError}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

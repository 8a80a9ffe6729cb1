import type { KnownToken } from '@hanabi/api';
import { Anchor, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconCoins, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { CopyableMono } from '../components/copyable-mono';
import { FormError } from '../components/form-error';
import { ToolCard } from '../components/tool-card';
import { formatUint, supplyOf } from './token-helpers';

interface TokenListProps {
  tokens: KnownToken[];
  contractAddress: string | null;
  signer: string | null;
  loading: boolean;
  error: unknown;
  onRefresh: () => void;
}

/** The token ids Hanabi knows: URI, and the supply its own writes minted minus burned. */
export function TokenList({ tokens, contractAddress, signer, loading, error, onRefresh }: TokenListProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <ToolCard
      id="token-list"
      title={t('operatorTokens.list.title')}
      description={t('operatorTokens.list.description')}
      icon={<IconCoins size={22} stroke={1.6} aria-hidden />}
    >
      <Stack gap={4}>
        <Text size="xs" c="dimmed">
          {t('operatorTokens.list.contract')}
        </Text>
        {contractAddress ? (
          <CopyableMono
            value={contractAddress}
            label={t('operatorTokens.list.contract')}
            testId="contract-address"
          />
        ) : (
          <Text size="sm">—</Text>
        )}
        <Text size="xs" c="dimmed">
          {t('operatorTokens.list.signer')}
        </Text>
        {signer ? (
          <CopyableMono value={signer} label={t('operatorTokens.list.signer')} testId="signer-address" />
        ) : (
          <Text size="sm">{t('operatorTokens.list.signerUnknown')}</Text>
        )}
      </Stack>
      <Group justify="flex-end">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRefresh}
          loading={loading}
        >
          {t('operatorTokens.refresh')}
        </Button>
      </Group>
      <FormError error={error} testId="token-list-error" />
      {tokens.length === 0 && !loading ? (
        <Text size="sm" c="dimmed" data-testid="token-list-empty">
          {t('operatorTokens.list.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" data-testid="token-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('operatorTokens.fields.tokenId')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('operatorTokens.list.supply')}
                </Table.Th>
                <Table.Th scope="col">{t('operatorTokens.list.uri')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('operatorTokens.list.minted')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('operatorTokens.list.burned')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.tokenId} data-testid={`token-row-${token.tokenId}`}>
                  <Table.Td>
                    <Code>{token.tokenId}</Code>
                  </Table.Td>
                  <Table.Td ta="right" fw={600} data-testid="token-supply">
                    {formatUint(supplyOf(token.minted, token.burned), locale)}
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                    {token.uri ? (
                      token.gatewayUrl ? (
                        <Anchor href={token.gatewayUrl} target="_blank" rel="noopener noreferrer" size="sm">
                          {token.uri}
                        </Anchor>
                      ) : (
                        <Text size="sm">{token.uri}</Text>
                      )
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('operatorTokens.uri.none')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatUint(token.minted, locale)}</Table.Td>
                  <Table.Td ta="right">{formatUint(token.burned, locale)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ToolCard>
  );
}

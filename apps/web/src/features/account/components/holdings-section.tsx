import { apiRoutes, type WalletHolding } from '@hanabi/api';
import { Alert, Anchor, Badge, Button, Card, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconGift, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { callApi } from '../../../lib/api-client';
import { errorMessageOf } from '../../../lib/toast';
import { holdingDiffers } from './holdings';

function formatCount(value: string | null, locale: string): string {
  if (value === null) return '—';
  return /^\d+$/.test(value) ? BigInt(value).toLocaleString(locale === 'en' ? 'en' : 'ja') : value;
}

function gatewayOf(uri: string | null): string | null {
  if (!uri) return null;
  if (uri.startsWith('ipfs://')) return `/ipfs/${uri.slice('ipfs://'.length)}`;
  return uri.startsWith('https://') ? uri : null;
}

/**
 * The connected wallet's prizes: balance per token id read from chain, next to what Hanabi recorded sending
 * to it; a note when they differ (moved outside Hanabi) or when the chain could not be read.
 */
export function HoldingsSection({ walletAddress }: { walletAddress: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const eth = useQuery({
    queryKey: ['myAccountEth', walletAddress],
    queryFn: () => callApi(apiRoutes.myAccountEth),
    enabled: Boolean(walletAddress),
  });
  const holdings: WalletHolding[] = eth.data?.holdings ?? [];
  const differing = holdings.some(holdingDiffers);

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="holdings-heading"
      data-testid="holdings-section"
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconGift size={22} stroke={1.6} aria-hidden />
            <Title order={2} size="h4" id="holdings-heading">
              {t('holdings.title')}
            </Title>
          </Group>
          {walletAddress && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void eth.refetch()}
              loading={eth.isFetching}
              data-testid="holdings-refresh"
            >
              {t('holdings.refresh')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('holdings.description')}
        </Text>
        {!walletAddress ? (
          <Text size="sm">{t('holdings.noWallet')}</Text>
        ) : eth.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {errorMessageOf(eth.error)}
          </Alert>
        ) : eth.isPending ? (
          <Text size="sm" c="dimmed">
            {t('holdings.loading')}
          </Text>
        ) : (
          <>
            {!eth.data.chainReachable && (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
                {t('holdings.chainDown')}
              </Alert>
            )}
            {differing && (
              <Alert
                color="yellow"
                variant="light"
                icon={<IconAlertTriangle size={20} aria-hidden />}
                data-testid="holdings-differ"
              >
                {t('holdings.differ')}
              </Alert>
            )}
            {holdings.length === 0 ? (
              <Text size="sm" data-testid="holdings-empty">
                {t('holdings.empty')}
              </Text>
            ) : (
              <>
                <Table.ScrollContainer minWidth={420} visibleFrom="sm">
                  <Table striped verticalSpacing="xs" data-testid="holdings-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">{t('holdings.tokenId')}</Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t('holdings.onChain')}
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          {t('holdings.recorded')}
                        </Table.Th>
                        <Table.Th scope="col">{t('holdings.metadata')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {holdings.map((holding) => {
                        const link = gatewayOf(holding.uri);
                        const differs = holdingDiffers(holding);
                        return (
                          <Table.Tr key={holding.tokenId} data-testid={`holding-${holding.tokenId}`}>
                            <Table.Td>
                              <Code>{holding.tokenId}</Code>
                            </Table.Td>
                            <Table.Td ta="right" fw={700} data-testid="holding-balance">
                              {formatCount(holding.balance, locale)}
                            </Table.Td>
                            <Table.Td ta="right" data-testid="holding-recorded">
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                {formatCount(holding.recorded, locale)}
                                {differs && (
                                  <Badge color="orange.9" variant="filled" tt="none" size="sm">
                                    {t('holdings.differs')}
                                  </Badge>
                                )}
                              </Group>
                            </Table.Td>
                            <Table.Td style={{ overflowWrap: 'anywhere' }}>
                              {link ? (
                                <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
                                  {t('holdings.open')}
                                </Anchor>
                              ) : (
                                <Text size="sm" c="dimmed">
                                  —
                                </Text>
                              )}
                            </Table.Td>
                          </Table.Tr>
                        );
                      })}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                <Stack gap="xs" hiddenFrom="sm" data-testid="holdings-cards">
                  {holdings.map((holding) => {
                    const link = gatewayOf(holding.uri);
                    return (
                      <Card
                        withBorder
                        padding="sm"
                        key={holding.tokenId}
                        data-testid={`holding-card-${holding.tokenId}`}
                      >
                        <Group justify="space-between" gap="xs">
                          <Text size="sm">
                            {t('holdings.tokenId')} <Code>{holding.tokenId}</Code>
                          </Text>
                          {link && (
                            <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm">
                              {t('holdings.open')}
                            </Anchor>
                          )}
                        </Group>
                        <Group gap="lg" mt={6}>
                          <Text size="sm">
                            {t('holdings.onChain')}: <b>{formatCount(holding.balance, locale)}</b>
                          </Text>
                          <Text size="sm">
                            {t('holdings.recorded')}: {formatCount(holding.recorded, locale)}
                          </Text>
                          {holdingDiffers(holding) && (
                            <Badge color="orange.9" variant="filled" tt="none" size="sm">
                              {t('holdings.differs')}
                            </Badge>
                          )}
                        </Group>
                      </Card>
                    );
                  })}
                </Stack>
              </>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';
import { ApproveForm } from '../tokens/approve-form';
import { BurnForm } from '../tokens/burn-form';
import { MintForm } from '../tokens/mint-form';
import { OperationsTable } from '../tokens/operations-table';
import { listTokens, tokenKeys } from '../tokens/token-api';
import { TokenList } from '../tokens/token-list';
import { TokenUriForm } from '../tokens/token-uri-form';
import { TransferForm } from '../tokens/transfer-form';

/** `/operator/tokens`: the known token ids, the write tools (through the server's signer) and their history. */
export function OperatorTokensPage() {
  const { t } = useTranslation();
  const tokens = useQuery({ queryKey: tokenKeys.list, queryFn: () => listTokens() });
  const signer = tokens.data?.signer ?? null;
  return (
    <>
      <PageTitle>{t('pages.operatorTokens.title')}</PageTitle>
      <Stack gap="lg">
        <TokenList
          tokens={tokens.data?.list ?? []}
          contractAddress={tokens.data?.contractAddress ?? null}
          signer={signer}
          loading={tokens.isFetching}
          error={tokens.error}
          onRefresh={() => void tokens.refetch()}
        />
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <MintForm signer={signer} />
          <TransferForm signer={signer} />
          <ApproveForm />
          <BurnForm />
        </SimpleGrid>
        <TokenUriForm />
        <OperationsTable />
      </Stack>
    </>
  );
}

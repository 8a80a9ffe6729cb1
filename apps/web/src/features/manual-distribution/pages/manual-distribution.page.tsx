import type { ManualDistributionBody, ManualDistributionPreview } from '@hanabi/api';
import { Alert, Button, FileButton, Group, Paper, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconFileUpload, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'wouter';
import { CenteredLoader } from '../../../components/centered-loader';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { errorMessageOf, showErrorToast, showSuccessToast } from '../../../lib/toast';
import { useGoodsList } from '../../../lib/goods-api';
import { DistributionHistory } from '../components/distribution-history';
import { PreviewTable } from '../components/preview-table';
import { distributionKeys, previewDistribution, sendDistribution } from '../manual-distribution-api';
import { parseDistributionList } from '../parse-distribution-list';

interface Checked {
  /** What was checked, to tell whether the list changed since. */
  fingerprint: string;
  preview: ManualDistributionPreview;
  /** One key per checked list: sending twice records one distribution. */
  idempotencyKey: string;
}

/** `/streamer/editor/manual-distribution`: send published goods to a typed or pasted list, after a dry run. */
export function ManualDistributionPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const goods = useGoodsList();
  const [goodsId, setGoodsId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);

  const published = useMemo(
    () => (goods.data ?? []).filter((item) => item.status === 'published' && item.tokenId !== null),
    [goods.data],
  );
  const rows = useMemo(() => parseDistributionList(text), [text]);
  const body: ManualDistributionBody | null = goodsId
    ? { digitalGoodsId: goodsId, distributionList: rows }
    : null;
  const fingerprint = JSON.stringify(body);
  const stale = checked !== null && checked.fingerprint !== fingerprint;

  const check = useMutation({
    mutationFn: (request: ManualDistributionBody) => previewDistribution(request),
    onSuccess: (preview) => setChecked({ fingerprint, preview, idempotencyKey: crypto.randomUUID() }),
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });
  const send = useMutation({
    mutationFn: ({ request, key }: { request: ManualDistributionBody; key: string }) =>
      sendDistribution(request, key),
    onSuccess: async (detail) => {
      showSuccessToast(t('distribution.sent'));
      await queryClient.invalidateQueries({ queryKey: distributionKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['digitalGoods'] });
      navigate(`/streamer/editor/manual-distribution/${detail.distribution.id}`);
    },
    onError: (error) => showErrorToast(errorMessageOf(error)),
  });

  const readFile = async (file: File | null) => {
    if (file) setText(await file.text());
  };

  if (goods.isPending) return <CenteredLoader />;
  const preview = checked && !stale ? checked.preview : null;
  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('distribution.title')}</PageTitle>
        <Text c="dimmed" maw={720}>
          {t('distribution.intro')}
        </Text>
      </div>

      {published.length === 0 ? (
        <EmptyState
          description={t('distribution.noPublishedGoods')}
          next={{ to: '/streamer/editor/digitalgoods', label: t('distribution.createGoods') }}
        />
      ) : (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('distribution.newTitle')}
            </Title>
            <Select
              label={t('distribution.goods')}
              placeholder={t('distribution.goodsPlaceholder')}
              data={published.map((item) => ({
                value: item.id,
                label: t('distribution.goodsRemaining', { name: item.name, count: item.remaining }),
              }))}
              value={goodsId}
              onChange={setGoodsId}
              searchable
              required
            />
            <Textarea
              label={t('distribution.recipients')}
              description={t('distribution.recipientsHelp')}
              placeholder={t('distribution.recipientsPlaceholder')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autosize
              minRows={5}
              maxRows={14}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group justify="space-between" wrap="wrap">
              <FileButton onChange={(file) => void readFile(file)} accept=".csv,text/csv,text/plain">
                {(props) => (
                  <Button {...props} variant="subtle" leftSection={<IconFileUpload size={16} aria-hidden />}>
                    {t('distribution.loadCsv')}
                  </Button>
                )}
              </FileButton>
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {t('distribution.rowCount', { count: rows.length })}
                </Text>
                <Button
                  variant="light"
                  onClick={() => body && check.mutate(body)}
                  disabled={!body || rows.length === 0}
                  loading={check.isPending}
                >
                  {t('distribution.preview')}
                </Button>
              </Group>
            </Group>

            {stale && (
              <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('distribution.changedSincePreview')}
              </Alert>
            )}
            {preview && (
              <Stack gap="sm" data-testid="distribution-preview">
                <PreviewTable preview={preview} />
                {preview.invalidCount > 0 && <Alert color="red">{t('distribution.fixInvalid')}</Alert>}
                {preview.invalidCount === 0 && preview.totalAmount > preview.remainingSupply && (
                  <Alert color="red">{t('distribution.overSupply')}</Alert>
                )}
                <Group justify="flex-end">
                  <Button
                    leftSection={<IconSend size={16} aria-hidden />}
                    disabled={!preview.canSend}
                    loading={send.isPending}
                    onClick={() =>
                      body && checked && send.mutate({ request: body, key: checked.idempotencyKey })
                    }
                  >
                    {t('distribution.send', { count: preview.deliverCount + preview.holdCount })}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Paper>
      )}

      <DistributionHistory />
    </Stack>
  );
}

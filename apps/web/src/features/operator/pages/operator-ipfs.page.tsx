import type { IpfsUploadResponse } from '@hanabi/api';
import { Alert, Anchor, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconExternalLink, IconFile } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { PageTitle } from '../../../components/page-title';
import { showSuccessToast } from '../../../lib/toast';
import { CopyableMono } from '../components/copyable-mono';
import { FormError } from '../components/form-error';
import { ToolCard } from '../components/tool-card';
import { uploadToIpfs } from '../ipfs/ipfs-upload';
import { formatBytes } from '../tokens/token-helpers';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="gray.8" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

function UploadResult({ result }: { result: IpfsUploadResponse }) {
  const { t } = useTranslation();
  const gatewayPath = `/ipfs/${result.cid}`;
  return (
    <Alert
      color="teal"
      variant="light"
      title={t('operatorIpfs.done')}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="ipfs-result"
    >
      <Stack gap="sm">
        <Field label={t('operatorIpfs.cid')}>
          <CopyableMono value={result.cid} label={t('operatorIpfs.cid')} testId="ipfs-cid" />
        </Field>
        <Field label={t('operatorIpfs.uri')}>
          <CopyableMono value={result.uri} label={t('operatorIpfs.uri')} testId="ipfs-uri" />
        </Field>
        <Field label={t('operatorIpfs.gateway')}>
          <CopyableMono value={result.gatewayUrl} label={t('operatorIpfs.gateway')} />
          <Anchor
            href={gatewayPath}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            data-testid="ipfs-gateway-link"
          >
            <Group gap={4} wrap="nowrap" component="span">
              {t('operatorIpfs.openGateway')}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Field>
        <Group gap="xl">
          <Field label={t('operatorIpfs.mediaType')}>
            <Text size="sm" data-testid="ipfs-media-type">
              {result.mediaType}
            </Text>
          </Field>
          <Field label={t('operatorIpfs.size')}>
            <Text size="sm" data-testid="ipfs-size">
              {formatBytes(result.size)} ({t('operatorIpfs.bytes', { bytes: result.size.toLocaleString() })})
            </Text>
          </Field>
        </Group>
      </Stack>
    </Alert>
  );
}

/** `/operator/ipfs`: pin a file to IPFS with real upload progress, then its CID, URI and gateway link. */
export function OperatorIpfsPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = useMutation({
    mutationFn: (chosen: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setPercent(0);
      return uploadToIpfs(chosen, {
        signal: controller.signal,
        onProgress: (sent, total) => setPercent(total > 0 ? Math.round((sent / total) * 100) : 0),
      });
    },
    onSuccess: () => showSuccessToast(t('operatorIpfs.done')),
    onSettled: () => setPercent(null),
  });

  return (
    <>
      <PageTitle>{t('pages.operatorIpfs.title')}</PageTitle>
      <Stack gap="lg" maw={760}>
        <ToolCard
          id="ipfs-upload"
          title={t('operatorIpfs.title')}
          description={t('operatorIpfs.description')}
          icon={<IconCloudUpload size={22} stroke={1.6} aria-hidden />}
        >
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (file) upload.mutate(file);
            }}
          >
            <Stack gap="sm">
              <FileInput
                label={t('operatorIpfs.file')}
                placeholder={t('operatorIpfs.pick')}
                leftSection={<IconFile size={16} aria-hidden />}
                value={file}
                onChange={(next) => {
                  setFile(next);
                  upload.reset();
                }}
                clearable
                clearButtonProps={{ 'aria-label': t('operatorIpfs.clear') }}
                disabled={upload.isPending}
                data-testid="ipfs-file"
              />
              {file && (
                <Text size="sm" c="dimmed">
                  {file.name} · {formatBytes(file.size)}
                </Text>
              )}
              {percent !== null && (
                <Stack gap={4} data-testid="ipfs-progress">
                  <Text size="sm" aria-live="polite">
                    {t('operatorIpfs.progress', { percent })}
                  </Text>
                  <Progress value={percent} animated aria-label={t('operatorIpfs.progressLabel')} />
                </Stack>
              )}
              <Group justify="flex-end" gap="sm">
                {upload.isPending && (
                  <Button variant="default" onClick={() => abort.current?.abort()}>
                    {t('common.cancel')}
                  </Button>
                )}
                <Button
                  type="submit"
                  disabled={!file}
                  loading={upload.isPending}
                  leftSection={<IconCloudUpload size={16} aria-hidden />}
                  data-testid="ipfs-submit"
                >
                  {t('operatorIpfs.submit')}
                </Button>
              </Group>
              <FormError error={upload.error} testId="ipfs-error" />
              {upload.data && <UploadResult result={upload.data} />}
            </Stack>
          </form>
        </ToolCard>
      </Stack>
    </>
  );
}

import { DigitsInput } from '../components/address-input';
import {
  Anchor,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CopyableMono } from '../components/copyable-mono';
import { FormError } from '../components/form-error';
import { ToolCard } from '../components/tool-card';
import { TxResult } from '../components/tx-result';
import { getTokenUri, setTokenUri } from './token-api';
import { rules } from './form-rules';
import { useTokenWrite } from './use-token-write';

type UriMode = 'uri' | 'metadata';

interface UriValues {
  tokenId: string;
  mode: UriMode;
  uri: string;
  name: string;
  description: string;
  image: string;
}

/** Reads `uri(id)`; sets it as given, or pins metadata JSON (name, description, image) and sets `ipfs://<cid>`. */
export function TokenUriForm() {
  const { t } = useTranslation();
  const [readId, setReadId] = useState('');
  const form = useForm<UriValues>({
    mode: 'controlled',
    initialValues: { tokenId: '', mode: 'uri', uri: '', name: '', description: '', image: '' },
    validate: {
      tokenId: rules.tokenId,
      uri: (value, values) => (values.mode === 'uri' ? rules.uri(value) : null),
      name: (value, values) =>
        values.mode === 'metadata' && value.trim() === '' ? t('operatorTokens.validation.name') : null,
      image: (value, values) => (values.mode === 'metadata' ? rules.uri(value) : null),
    },
  });
  const read = useMutation({ mutationFn: (id: string) => getTokenUri(id) });
  const { mutation, result, error } = useTokenWrite(
    async (values: UriValues) => {
      const tokenId = values.tokenId.trim();
      const answer = await setTokenUri(
        tokenId,
        values.mode === 'uri'
          ? { uri: values.uri.trim() }
          : {
              metadata: {
                name: values.name.trim(),
                description: values.description,
                image: values.image.trim(),
              },
            },
      );
      return {
        ...answer,
        extra: [
          { label: t('operatorTokens.uri.current'), value: answer.uri },
          ...(answer.metadataCid
            ? [{ label: t('operatorTokens.uri.metadataCid'), value: answer.metadataCid }]
            : []),
        ],
      };
    },
    { form, successMessage: t('operatorTokens.uri.done') },
  );

  const readCurrent = () => {
    const id = form.getValues().tokenId.trim();
    const invalid = rules.tokenId(id);
    if (invalid) {
      form.setFieldError('tokenId', invalid);
      return;
    }
    setReadId(id);
    read.mutate(id);
  };

  const mode = form.getValues().mode;
  return (
    <ToolCard
      id="uri-form"
      title={t('operatorTokens.uri.title')}
      description={t('operatorTokens.uri.description')}
      icon={<IconLink size={22} stroke={1.6} aria-hidden />}
    >
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DigitsInput
              label={t('operatorTokens.fields.tokenId')}
              required
              style={{ flex: '1 1 160px' }}
              data-testid="uri-token-id"
              {...form.getInputProps('tokenId')}
            />
            <Button variant="light" onClick={readCurrent} loading={read.isPending} data-testid="uri-read">
              {t('operatorTokens.uri.read')}
            </Button>
          </Group>
          <FormError error={read.error} testId="uri-read-error" />
          {read.data && readId === read.data.tokenId && (
            <Stack gap={4} data-testid="uri-read-result" aria-live="polite">
              <Text size="xs" c="dimmed">
                {t('operatorTokens.uri.current')}
              </Text>
              {read.data.uri ? (
                <>
                  <CopyableMono value={read.data.uri} label={t('operatorTokens.uri.current')} />
                  {read.data.gatewayUrl && (
                    <Anchor href={read.data.gatewayUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      {t('operatorTokens.uri.openGateway')}
                    </Anchor>
                  )}
                </>
              ) : (
                <Text size="sm">{t('operatorTokens.uri.none')}</Text>
              )}
            </Stack>
          )}
          <Divider />
          <SegmentedControl
            aria-label={t('operatorTokens.uri.modeLabel')}
            data={[
              { value: 'uri', label: t('operatorTokens.uri.modeUri') },
              { value: 'metadata', label: t('operatorTokens.uri.modeMetadata') },
            ]}
            {...form.getInputProps('mode')}
          />
          {mode === 'uri' ? (
            <TextInput
              label={t('operatorTokens.fields.uri')}
              placeholder="ipfs://…"
              required
              autoComplete="off"
              spellCheck={false}
              data-testid="uri-value"
              {...form.getInputProps('uri')}
            />
          ) : (
            <>
              <TextInput
                label={t('operatorTokens.fields.name')}
                required
                maxLength={200}
                data-testid="uri-name"
                {...form.getInputProps('name')}
              />
              <Textarea
                label={t('operatorTokens.fields.description')}
                autosize
                minRows={2}
                maxLength={5000}
                {...form.getInputProps('description')}
              />
              <TextInput
                label={t('operatorTokens.fields.image')}
                description={t('operatorTokens.uri.imageDescription')}
                placeholder="ipfs://…"
                required
                autoComplete="off"
                spellCheck={false}
                data-testid="uri-image"
                {...form.getInputProps('image')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="uri-submit">
              {mode === 'uri' ? t('operatorTokens.uri.submitUri') : t('operatorTokens.uri.submitMetadata')}
            </Button>
          </Group>
          <FormError error={error} testId="uri-error" />
          <TxResult result={result} testId="uri-result" />
        </Stack>
      </form>
    </ToolCard>
  );
}

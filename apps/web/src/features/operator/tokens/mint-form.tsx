import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { useForm } from '@mantine/form';
import { IconSparkles } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { FormError } from '../components/form-error';
import { AddressInput, DigitsInput } from '../components/address-input';
import { ToolCard } from '../components/tool-card';
import { TxResult } from '../components/tx-result';
import { mintToken } from './token-api';
import { rules, trimValues } from './form-rules';
import { useTokenWrite } from './use-token-write';

interface MintValues {
  to: string;
  tokenId: string;
  amount: string;
  uri: string;
}

/** Mint `amount` of `tokenId` to `to`, optionally setting its URI. */
export function MintForm({ signer }: { signer: string | null }) {
  const { t } = useTranslation();
  const form = useForm<MintValues>({
    mode: 'controlled',
    initialValues: { to: '', tokenId: '', amount: '1', uri: '' },
    validate: { to: rules.address, tokenId: rules.tokenId, amount: rules.amount, uri: rules.optionalUri },
    transformValues: trimValues,
  });
  const { mutation, result, error } = useTokenWrite(
    (values: MintValues) =>
      mintToken({
        to: values.to,
        tokenId: values.tokenId,
        amount: values.amount,
        ...(values.uri ? { uri: values.uri } : {}),
      }),
    { form, successMessage: t('operatorTokens.mint.done') },
  );

  return (
    <ToolCard
      id="mint-form"
      title={t('operatorTokens.mint.title')}
      description={t('operatorTokens.mint.description')}
      icon={<IconSparkles size={22} stroke={1.6} aria-hidden />}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          // Minting adds supply that only a burn removes: name what is about to happen first.
          modals.openConfirmModal({
            title: t('operatorTokens.mint.confirmTitle', { tokenId: values.tokenId, amount: values.amount }),
            children: (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {t('operatorTokens.mint.confirmBody', { to: values.to })}
              </Text>
            ),
            labels: { confirm: t('operatorTokens.mint.confirm'), cancel: t('common.cancel') },
            confirmProps: { 'data-testid': 'mint-confirm' } as Record<string, string>,
            onConfirm: () => mutation.mutate(values),
          });
        })}
      >
        <Stack gap="sm">
          <AddressInput
            label={t('operatorTokens.fields.to')}
            required
            data-testid="mint-to"
            {...form.getInputProps('to')}
          />
          {signer && (
            <Group gap="xs">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => form.setFieldValue('to', signer)}
                data-testid="mint-to-signer"
              >
                {t('operatorTokens.useSigner')}
              </Button>
            </Group>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DigitsInput
              label={t('operatorTokens.fields.tokenId')}
              required
              data-testid="mint-token-id"
              {...form.getInputProps('tokenId')}
            />
            <DigitsInput
              label={t('operatorTokens.fields.amount')}
              required
              data-testid="mint-amount"
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <TextInput
            label={t('operatorTokens.fields.uriOptional')}
            description={t('operatorTokens.fields.uriDescription')}
            placeholder="ipfs://…"
            autoComplete="off"
            spellCheck={false}
            data-testid="mint-uri"
            {...form.getInputProps('uri')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="mint-submit">
              {t('operatorTokens.mint.submit')}
            </Button>
          </Group>
          <FormError error={error} testId="mint-error" />
          <TxResult result={result} testId="mint-result" />
        </Stack>
      </form>
    </ToolCard>
  );
}

import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { FormError } from '../components/form-error';
import { AddressInput, DigitsInput } from '../components/address-input';
import { ToolCard } from '../components/tool-card';
import { TxResult } from '../components/tx-result';
import { transferToken } from './token-api';
import { rules, trimValues } from './form-rules';
import { useTokenWrite } from './use-token-write';

interface TransferValues {
  sender: string;
  receiver: string;
  tokenId: string;
  value: string;
}

/** `safeTransferFrom(sender, receiver, id, value)` sent by the server's signer. */
export function TransferForm({ signer }: { signer: string | null }) {
  const { t } = useTranslation();
  const form = useForm<TransferValues>({
    mode: 'controlled',
    initialValues: { sender: signer ?? '', receiver: '', tokenId: '', value: '1' },
    validate: { sender: rules.address, receiver: rules.address, tokenId: rules.tokenId, value: rules.amount },
    transformValues: trimValues,
  });
  // The signer arrives with the token list: the default sender, unless one was typed.
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    if (signer && getValues().sender === '') setFieldValue('sender', signer);
  }, [signer, getValues, setFieldValue]);

  const { mutation, result, error } = useTokenWrite(
    (values: TransferValues) =>
      transferToken(values.tokenId, {
        sender: values.sender,
        receiver: values.receiver,
        tokenId: values.tokenId,
        value: values.value,
      }),
    { form, successMessage: t('operatorTokens.transfer.done') },
  );

  return (
    <ToolCard
      id="transfer-form"
      title={t('operatorTokens.transfer.title')}
      description={t('operatorTokens.transfer.description')}
      icon={<IconArrowsRightLeft size={22} stroke={1.6} aria-hidden />}
    >
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="sm">
          <AddressInput
            label={t('operatorTokens.fields.sender')}
            required
            data-testid="transfer-sender"
            {...form.getInputProps('sender')}
          />
          <AddressInput
            label={t('operatorTokens.fields.receiver')}
            required
            data-testid="transfer-receiver"
            {...form.getInputProps('receiver')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DigitsInput
              label={t('operatorTokens.fields.tokenId')}
              required
              data-testid="transfer-token-id"
              {...form.getInputProps('tokenId')}
            />
            <DigitsInput
              label={t('operatorTokens.fields.value')}
              required
              data-testid="transfer-value"
              {...form.getInputProps('value')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="transfer-submit">
              {t('operatorTokens.transfer.submit')}
            </Button>
          </Group>
          <FormError error={error} testId="transfer-error" />
          <TxResult result={result} testId="transfer-result" />
        </Stack>
      </form>
    </ToolCard>
  );
}

import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '../../../lib/modals';
import { useForm } from '@mantine/form';
import { IconFlame } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { FormError } from '../components/form-error';
import { AddressInput, DigitsInput } from '../components/address-input';
import { ToolCard } from '../components/tool-card';
import { TxResult } from '../components/tx-result';
import { burnToken } from './token-api';
import { rules, trimValues } from './form-rules';
import { useTokenWrite } from './use-token-write';

interface BurnValues {
  tokenId: string;
  amount: string;
  from: string;
}

/** Burn `amount` of an id from the signer (default) or a holder who approved it for all. */
export function BurnForm() {
  const { t } = useTranslation();
  const form = useForm<BurnValues>({
    mode: 'controlled',
    initialValues: { tokenId: '', amount: '1', from: '' },
    validate: { tokenId: rules.tokenId, amount: rules.amount, from: rules.optionalAddress },
    transformValues: trimValues,
  });
  const { mutation, result, error } = useTokenWrite(
    (values: BurnValues) => burnToken(values.tokenId, values.amount, values.from || undefined),
    { form, successMessage: t('operatorTokens.burn.done') },
  );

  return (
    <ToolCard
      id="burn-form"
      title={t('operatorTokens.burn.title')}
      description={t('operatorTokens.burn.description')}
      icon={<IconFlame size={22} stroke={1.6} aria-hidden />}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          // Burning cannot be undone: one more look at what is about to go.
          modals.openConfirmModal({
            title: t('operatorTokens.burn.confirmTitle', { tokenId: values.tokenId, amount: values.amount }),
            children: <Text size="sm">{t('operatorTokens.burn.confirmBody')}</Text>,
            labels: { confirm: t('operatorTokens.burn.confirm'), cancel: t('common.cancel') },
            confirmProps: { color: 'red.8', 'data-testid': 'burn-confirm' } as Record<string, string>,
            onConfirm: () => mutation.mutate(values),
          });
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DigitsInput
              label={t('operatorTokens.fields.tokenId')}
              required
              data-testid="burn-token-id"
              {...form.getInputProps('tokenId')}
            />
            <DigitsInput
              label={t('operatorTokens.fields.amount')}
              required
              data-testid="burn-amount"
              {...form.getInputProps('amount')}
            />
          </SimpleGrid>
          <AddressInput
            label={t('operatorTokens.fields.fromOptional')}
            description={t('operatorTokens.burn.fromDescription')}
            data-testid="burn-from"
            {...form.getInputProps('from')}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red.8" loading={mutation.isPending} data-testid="burn-submit">
              {t('operatorTokens.burn.submit')}
            </Button>
          </Group>
          <FormError error={error} testId="burn-error" />
          <TxResult result={result} testId="burn-result" />
        </Stack>
      </form>
    </ToolCard>
  );
}

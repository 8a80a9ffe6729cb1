import { Badge, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconKey } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { FormError } from '../components/form-error';
import { AddressInput, DigitsInput } from '../components/address-input';
import { ToolCard } from '../components/tool-card';
import { TxResult } from '../components/tx-result';
import { approveToken, getApproved } from './token-api';
import { rules, trimValues } from './form-rules';
import { formatUint } from './token-helpers';
import { useTokenWrite } from './use-token-write';

interface ApproveValues {
  tokenId: string;
  receiver: string;
  value: string;
}

interface LookupValues {
  tokenId: string;
  operator: string;
  owner: string;
}

function AllowanceLookup() {
  const { t, i18n } = useTranslation();
  const form = useForm<LookupValues>({
    mode: 'controlled',
    initialValues: { tokenId: '', operator: '', owner: '' },
    validate: { tokenId: rules.tokenId, operator: rules.address, owner: rules.optionalAddress },
    transformValues: trimValues,
  });
  const lookup = useMutation({
    mutationFn: (values: LookupValues) =>
      getApproved(values.tokenId, values.operator, values.owner || undefined),
  });
  const answer = lookup.data;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => lookup.mutate(values))}
      aria-labelledby="allowance-heading"
    >
      <Stack gap="sm">
        <Text fw={600} id="allowance-heading">
          {t('operatorTokens.allowance.title')}
        </Text>
        <DigitsInput
          label={t('operatorTokens.fields.tokenId')}
          required
          data-testid="allowance-token-id"
          {...form.getInputProps('tokenId')}
        />
        <AddressInput
          label={t('operatorTokens.fields.operator')}
          required
          data-testid="allowance-operator"
          {...form.getInputProps('operator')}
        />
        <AddressInput
          label={t('operatorTokens.fields.ownerOptional')}
          description={t('operatorTokens.allowance.ownerDescription')}
          data-testid="allowance-owner"
          {...form.getInputProps('owner')}
        />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={lookup.isPending} data-testid="allowance-submit">
            {t('operatorTokens.allowance.submit')}
          </Button>
        </Group>
        <FormError error={lookup.error} testId="allowance-error" />
        {answer && (
          <Group gap="sm" data-testid="allowance-result" aria-live="polite">
            <Text size="sm">
              {t('operatorTokens.allowance.remaining')}: <b>{formatUint(answer.allowance, i18n.language)}</b>
            </Text>
            <Badge color={answer.approvedForAll ? 'teal.9' : 'gray.7'} variant="filled" tt="none">
              {answer.approvedForAll
                ? t('operatorTokens.allowance.approvedForAll')
                : t('operatorTokens.allowance.notApprovedForAll')}
            </Badge>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** ERC-5216 `approve(receiver, id, value)` from the signer's holdings, and the allowance lookup. */
export function ApproveForm() {
  const { t } = useTranslation();
  const form = useForm<ApproveValues>({
    mode: 'controlled',
    initialValues: { tokenId: '', receiver: '', value: '1' },
    validate: { tokenId: rules.tokenId, receiver: rules.address, value: rules.allowance },
    transformValues: trimValues,
  });
  const { mutation, result, error } = useTokenWrite(
    (values: ApproveValues) =>
      approveToken(values.tokenId, { receiver: values.receiver, value: values.value }),
    { form, successMessage: t('operatorTokens.approve.done') },
  );

  return (
    <ToolCard
      id="approve-form"
      title={t('operatorTokens.approve.title')}
      description={t('operatorTokens.approve.description')}
      icon={<IconKey size={22} stroke={1.6} aria-hidden />}
    >
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="sm">
          <AddressInput
            label={t('operatorTokens.fields.receiver')}
            required
            data-testid="approve-receiver"
            {...form.getInputProps('receiver')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DigitsInput
              label={t('operatorTokens.fields.tokenId')}
              required
              data-testid="approve-token-id"
              {...form.getInputProps('tokenId')}
            />
            <TextInput
              label={t('operatorTokens.fields.allowance')}
              description={t('operatorTokens.approve.valueDescription')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              required
              inputMode="numeric"
              autoComplete="off"
              data-testid="approve-value"
              {...form.getInputProps('value')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} data-testid="approve-submit">
              {t('operatorTokens.approve.submit')}
            </Button>
          </Group>
          <FormError error={error} testId="approve-error" />
          <TxResult result={result} testId="approve-result" />
        </Stack>
      </form>
      <Divider />
      <AllowanceLookup />
    </ToolCard>
  );
}

import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { PassphraseInput } from './passphrase-input';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCheck, IconLockOpen } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import {
  WalletIntegrityError,
  WrongPassphraseError,
  decryptWallet,
  getWalletRecord,
  mnemonicWords,
  type UnlockedWallet,
} from '../../../lib/wallet';
import { RecoveryWords } from './recovery-words';

export type PassphrasePurpose = 'unlock' | 'export';

interface PassphraseDialogProps {
  address: string;
  purpose: PassphrasePurpose | null;
  onClose: () => void;
}

async function unlock(address: string, passphrase: string): Promise<UnlockedWallet> {
  const record = await getWalletRecord(address);
  if (!record) throw new WalletIntegrityError('No browser wallet for this address is stored here.');
  return decryptWallet(record, passphrase);
}

/**
 * Asks for the passphrase and decrypts the browser wallet in memory: "unlock" proves the passphrase opens the
 * wallet of this address; "export" then shows the recovery phrase with a warning. Closing forgets everything.
 */
export function PassphraseDialog({ address, purpose, onClose }: PassphraseDialogProps) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { passphrase: '' },
    validate: { passphrase: (value) => (value ? null : t('wallet.passphrase.required')) },
  });
  const attempt = useMutation({
    mutationFn: (passphrase: string) => unlock(address, passphrase),
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof WrongPassphraseError) form.setFieldError('passphrase', t('wallet.unlock.wrong'));
    },
  });
  const close = () => {
    form.reset();
    attempt.reset();
    onClose();
  };
  const unlocked = attempt.data;

  return (
    <Modal
      opened={purpose !== null}
      onClose={close}
      title={purpose === 'export' ? t('wallet.export.title') : t('wallet.unlock.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {unlocked ? (
        <Stack gap="md" data-testid={purpose === 'export' ? 'export-result' : 'unlock-result'}>
          {purpose === 'export' ? (
            <>
              <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />}>
                {t('wallet.export.warning')}
              </Alert>
              <RecoveryWords words={mnemonicWords(unlocked.mnemonic)} />
            </>
          ) : (
            <Alert color="teal" icon={<IconCheck size={20} aria-hidden />} role="status">
              {t('wallet.unlock.success', { address: unlocked.address })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>
              {purpose === 'export' ? t('wallet.export.hide') : t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit(({ passphrase }) => attempt.mutate(passphrase))}>
          <Stack gap="md">
            <Text size="sm">{purpose === 'export' ? t('wallet.export.lead') : t('wallet.unlock.lead')}</Text>
            <PassphraseInput
              label={t('wallet.passphrase.label')}
              autoComplete="current-password"
              required
              data-autofocus
              data-testid="unlock-passphrase"
              {...form.getInputProps('passphrase')}
            />
            {attempt.error && !(attempt.error instanceof WrongPassphraseError) && (
              <Alert color="red" role="alert">
                {attempt.error instanceof WalletIntegrityError
                  ? t('wallet.unlock.damaged')
                  : t('errors.network')}
              </Alert>
            )}
            {attempt.isPending && (
              <Text size="sm" c="dimmed" role="status">
                {t('wallet.unlock.working')}
              </Text>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                loading={attempt.isPending}
                leftSection={<IconLockOpen size={18} aria-hidden />}
                data-testid="unlock-submit"
              >
                {purpose === 'export' ? t('wallet.export.submit') : t('wallet.unlock.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

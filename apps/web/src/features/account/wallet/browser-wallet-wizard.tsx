import type { Account } from '@hanabi/api';
import { Alert, Button, Checkbox, Group, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { PassphraseInput } from './passphrase-input';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import {
  PASSPHRASE_MIN_LENGTH,
  checkBackupChallenge,
  createMnemonic,
  encryptWallet,
  mnemonicWords,
  pickBackupChallenge,
  privateKeySigner,
  saveWalletRecord,
  walletFromMnemonic,
  type EncryptedWalletRecord,
} from '../../../lib/wallet';
import { saveWalletAddress } from '../account-api';
import { RecoveryWords } from './recovery-words';
import { WalletSaveError } from './wallet-save-error';

/** Marks a setup whose words were shown but not finished, so a reload says so instead of silently re-rolling. */
const SETUP_PENDING_KEY = 'hanabi.walletSetupPending';

function useInterruptedSetup(done: boolean): boolean {
  const [interrupted] = useState(() => {
    try {
      return globalThis.sessionStorage?.getItem(SETUP_PENDING_KEY) === '1';
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      if (done) globalThis.sessionStorage?.removeItem(SETUP_PENDING_KEY);
      else globalThis.sessionStorage?.setItem(SETUP_PENDING_KEY, '1');
    } catch {
      // storage blocked: no warning after a reload
    }
    if (done) return;
    // The browser's own "leave this page?" prompt while the words on screen are not saved anywhere.
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [done]);
  return interrupted;
}

/** Leaving the setup on purpose (Back) is not an interruption. */
function clearPendingSetup(): void {
  try {
    globalThis.sessionStorage?.removeItem(SETUP_PENDING_KEY);
  } catch {
    // nothing to clear
  }
}

interface BrowserWalletWizardProps {
  account: Account;
  onSaved: (account: Account) => void;
  onCancel?: () => void;
}

/**
 * A new browser wallet: 12 words shown once for backup → three of them asked back → a passphrase (≥ 10, twice)
 * → encrypted (PBKDF2 600k + AES-GCM) into IndexedDB → the address saved on the account.
 */
export function BrowserWalletWizard({ account, onSaved, onCancel }: BrowserWalletWizardProps) {
  const { t } = useTranslation();
  const [mnemonic] = useState(createMnemonic);
  const [words] = useState(() => mnemonicWords(mnemonic));
  const [challenge] = useState(() => pickBackupChallenge());
  const [step, setStep] = useState(0);
  const [acknowledged, setAcknowledged] = useState(false);
  const [challengeFailed, setChallengeFailed] = useState(false);
  // Once encrypted and stored, a failed save of the address is retried without encrypting again.
  const [stored, setStored] = useState<EncryptedWalletRecord | null>(null);

  const confirmForm = useForm({
    mode: 'controlled',
    initialValues: Object.fromEntries(challenge.map((index) => [`w${index}`, ''])) as Record<string, string>,
  });
  const passphraseForm = useForm({
    mode: 'controlled',
    initialValues: { passphrase: '', confirm: '' },
    validate: {
      passphrase: (value) =>
        value.length < PASSPHRASE_MIN_LENGTH
          ? t('wallet.passphrase.tooShort', { min: PASSPHRASE_MIN_LENGTH })
          : null,
      confirm: (value, values) => (value !== values.passphrase ? t('wallet.passphrase.mismatch') : null),
    },
  });

  const [finished, setFinished] = useState(false);
  const interrupted = useInterruptedSetup(finished);
  const create = useMutation({
    mutationFn: async (passphrase: string) => {
      let record = stored;
      if (!record) {
        record = await encryptWallet(mnemonic, passphrase);
        await saveWalletRecord(record);
        setStored(record);
      }
      // The new wallet proves it is ours by signing the server's message with the key we just made.
      return saveWalletAddress(
        account.id,
        record.address,
        privateKeySigner(walletFromMnemonic(mnemonic).privateKey),
      );
    },
    onSuccess: (updated) => {
      setFinished(true);
      clearPendingSetup();
      onSaved(updated);
    },
  });

  return (
    <Stepper active={step} size="sm" iconSize={30} allowNextStepsSelect={false} data-testid="browser-wallet">
      <Stepper.Step label={t('wallet.browser.stepBackup')}>
        <Stack gap="md" mt="md">
          {interrupted && (
            <Alert color="orange.9" variant="filled" role="alert" data-testid="setup-interrupted">
              {t('walletTrust.interrupted')}
            </Alert>
          )}
          <Text>{t('wallet.browser.backupLead')}</Text>
          <RecoveryWords words={words} />
          <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden />}>
            {t('wallet.browser.backupWarning')}
          </Alert>
          <Checkbox
            label={t('wallet.browser.backupConfirm')}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.currentTarget.checked)}
            data-testid="backup-ack"
          />
          <Group justify="space-between" gap="sm">
            {onCancel ? (
              <Button
                variant="default"
                onClick={() => {
                  clearPendingSetup();
                  onCancel();
                }}
              >
                {t('common.back')}
              </Button>
            ) : (
              <span />
            )}
            <Button disabled={!acknowledged} onClick={() => setStep(1)} data-testid="backup-next">
              {t('common.next')}
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>

      <Stepper.Step label={t('wallet.browser.stepConfirm')}>
        <form
          noValidate
          onSubmit={confirmForm.onSubmit((values) => {
            const ok = checkBackupChallenge(
              mnemonic,
              challenge.map((index) => ({ index, word: values[`w${index}`] ?? '' })),
            );
            setChallengeFailed(!ok);
            if (ok) setStep(2);
          })}
        >
          <Stack gap="md" mt="md">
            <Text>{t('wallet.browser.confirmLead')}</Text>
            {challenge.map((index) => (
              <TextInput
                key={index}
                label={t('wallet.browser.wordLabel', { number: index + 1 })}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                required
                data-testid={`confirm-word-${index}`}
                {...confirmForm.getInputProps(`w${index}`)}
              />
            ))}
            {challengeFailed && (
              <Alert color="red" role="alert">
                {t('wallet.browser.confirmFailed')}
              </Alert>
            )}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setStep(0)}>
                {t('wallet.browser.showWordsAgain')}
              </Button>
              <Button type="submit" data-testid="confirm-next">
                {t('common.next')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stepper.Step>

      <Stepper.Step label={t('wallet.browser.stepPassphrase')}>
        <form noValidate onSubmit={passphraseForm.onSubmit(({ passphrase }) => create.mutate(passphrase))}>
          <Stack gap="md" mt="md">
            <Text>{t('wallet.browser.passphraseLead')}</Text>
            <PassphraseInput
              label={t('wallet.passphrase.label')}
              description={t('wallet.passphrase.description', { min: PASSPHRASE_MIN_LENGTH })}
              autoComplete="new-password"
              required
              disabled={stored !== null}
              data-testid="passphrase"
              {...passphraseForm.getInputProps('passphrase')}
            />
            <PassphraseInput
              label={t('wallet.passphrase.confirm')}
              autoComplete="new-password"
              required
              disabled={stored !== null}
              data-testid="passphrase-confirm"
              {...passphraseForm.getInputProps('confirm')}
            />
            {create.isPending && (
              <Text size="sm" c="dimmed" role="status">
                {stored ? t('wallet.saving') : t('wallet.browser.encrypting')}
              </Text>
            )}
            {create.error && <WalletSaveError account={account} error={create.error} />}
            <Group justify="space-between" gap="sm">
              <Button variant="default" onClick={() => setStep(1)} disabled={create.isPending || !!stored}>
                {t('common.back')}
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                leftSection={<IconLock size={18} aria-hidden />}
                data-testid="create-wallet"
              >
                {stored ? t('common.retry') : t('wallet.browser.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stepper.Step>
    </Stepper>
  );
}

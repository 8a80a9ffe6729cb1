import type { Account } from '@hanabi/api';
import { Alert, Anchor, Button, Card, Code, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { PassphraseInput } from './passphrase-input';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconKey, IconPuzzle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CenteredLoader } from '../../../components/centered-loader';
import { PageTitle } from '../../../components/page-title';
import { usePublicConfig } from '../../../lib/public-config';
import {
  PASSPHRASE_MIN_LENGTH,
  encryptWallet,
  rememberContinued,
  saveWalletRecord,
  walletFromMnemonic,
} from '../../../lib/wallet';
import { useConfirmWalletReplace } from './wallet-replace-confirm';
import { walletRoleOf } from './wallet-role';
import { WalletSetup } from './wallet-setup';

const InjectedWalletConnect = lazy(() => import('./injected-wallet-connect'));

interface WalletReturningProps {
  account: Account & { walletAddress: string };
  /** This browser may go on (continued, restored or connected the same address). */
  onDone: () => void;
  /** The address was replaced (after the confirmation). */
  onSaved: (account: Account) => void;
}

type Mode = 'choose' | 'restore' | 'connect' | 'replace';

/**
 * The wallet step for an account that already has an address, on a browser that does not know its wallet
 * (issue 22 item 8, decision 0065): continue (the address stays; signing waits), restore from the recovery phrase
 * (must give the same address), or connect an extension. A new wallet never replaces the address silently.
 */
export function WalletReturning({ account, onDone, onSaved }: WalletReturningProps) {
  const { t } = useTranslation();
  const role = walletRoleOf(account);
  const [mode, setMode] = useState<Mode>('choose');
  const confirmReplace = useConfirmWalletReplace(account);
  const config = usePublicConfig();

  const header = (
    <div>
      <PageTitle>{t('walletTrust.returning.title')}</PageTitle>
      <Text mt={-8}>{t(`walletTrust.returning.lead.${role}`)}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        {t('walletTrust.returning.address')}
      </Text>
      <Code fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="registered-address">
        {account.walletAddress}
      </Code>
    </div>
  );

  let body;
  if (mode === 'restore') {
    body = <RestoreForm account={account} onDone={onDone} onBack={() => setMode('choose')} />;
  } else if (mode === 'connect') {
    body =
      config.data === undefined ? (
        <CenteredLoader />
      ) : (
        <Suspense fallback={<CenteredLoader />}>
          <InjectedWalletConnect
            account={account}
            expectedChainId={config.data.chainId}
            registeredAddress={account.walletAddress}
            onKept={onDone}
            onSaved={onSaved}
            confirmReplace={confirmReplace}
            onCancel={() => setMode('choose')}
          />
        </Suspense>
      );
  } else if (mode === 'replace') {
    body = <WalletSetup account={account} onSaved={onSaved} onCancel={() => setMode('choose')} />;
  } else {
    const cards = [
      {
        key: 'continue',
        icon: IconArrowRight,
        title: t('walletTrust.returning.continueTitle'),
        text: t(`walletTrust.returning.continueBody.${role}`),
        action: t('walletTrust.returning.continueAction'),
        filled: true,
        onClick: () => {
          rememberContinued(account.walletAddress);
          onDone();
        },
      },
      {
        key: 'restore',
        icon: IconKey,
        title: t('walletTrust.returning.restoreTitle'),
        text: t('walletTrust.returning.restoreBody'),
        action: t('walletTrust.returning.restoreAction'),
        filled: false,
        onClick: () => setMode('restore'),
      },
      {
        key: 'connect',
        icon: IconPuzzle,
        title: t('walletTrust.returning.connectTitle'),
        text: t('walletTrust.returning.connectBody'),
        action: t('walletTrust.returning.connectAction'),
        filled: false,
        onClick: () => setMode('connect'),
      },
    ];
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {cards.map(({ key, icon: Icon, title, text, action, filled, onClick }) => (
            <Card key={key} withBorder padding="lg">
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap="xs">
                  <Text fw={700} component="h2" fz="md">
                    <Icon
                      size={20}
                      stroke={1.6}
                      aria-hidden
                      style={{ verticalAlign: 'middle', marginRight: 6 }}
                    />
                    {title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </Stack>
                <Button
                  variant={filled ? 'filled' : 'default'}
                  onClick={onClick}
                  data-testid={`wallet-${key}`}
                >
                  {action}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <div>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => confirmReplace(() => setMode('replace'))}
            data-testid="wallet-switch"
          >
            {t('walletTrust.returning.replaceLink')}
          </Anchor>
        </div>
      </Stack>
    );
  }

  return (
    <Stack maw={880} mx="auto" gap="md" data-testid="wallet-returning">
      {header}
      {body}
    </Stack>
  );
}

/** Restores the browser wallet from its 12 words; only the registered address is accepted. */
function RestoreForm({
  account,
  onDone,
  onBack,
}: {
  account: Account & { walletAddress: string };
  onDone: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { words: '', passphrase: '', confirm: '' },
    validate: {
      passphrase: (value) =>
        value.length < PASSPHRASE_MIN_LENGTH
          ? t('wallet.passphrase.tooShort', { min: PASSPHRASE_MIN_LENGTH })
          : null,
      confirm: (value, values) => (value !== values.passphrase ? t('wallet.passphrase.mismatch') : null),
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const restore = useMutation({
    mutationFn: async ({ words, passphrase }: { words: string; passphrase: string }) => {
      let derived;
      try {
        derived = walletFromMnemonic(words.trim().toLowerCase());
      } catch {
        throw new Error(t('walletTrust.restore.invalid'));
      }
      if (derived.address.toLowerCase() !== account.walletAddress.toLowerCase()) {
        throw new Error(t('walletTrust.restore.mismatch', { derived: derived.address }));
      }
      await saveWalletRecord(await encryptWallet(derived.mnemonic, passphrase));
    },
    onSuccess: onDone,
    onError: (error) => setProblem(error instanceof Error ? error.message : String(error)),
  });
  return (
    <form noValidate onSubmit={form.onSubmit((values) => restore.mutate(values))}>
      <Stack gap="md">
        <Textarea
          label={t('walletTrust.restore.words')}
          autosize
          minRows={3}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-testid="restore-words"
          {...form.getInputProps('words')}
        />
        <PassphraseInput
          label={t('wallet.passphrase.label')}
          description={t('wallet.passphrase.description', { min: PASSPHRASE_MIN_LENGTH })}
          autoComplete="new-password"
          required
          data-testid="restore-passphrase"
          {...form.getInputProps('passphrase')}
        />
        <PassphraseInput
          label={t('wallet.passphrase.confirm')}
          autoComplete="new-password"
          required
          data-testid="restore-passphrase-confirm"
          {...form.getInputProps('confirm')}
        />
        {problem && (
          <Alert color="red" role="alert" data-testid="restore-problem">
            {problem}
          </Alert>
        )}
        <Stack gap="xs" align="flex-start">
          <Button type="submit" loading={restore.isPending} data-testid="restore-submit">
            {t('walletTrust.restore.action')}
          </Button>
          <Button variant="default" onClick={onBack}>
            {t('common.back')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}

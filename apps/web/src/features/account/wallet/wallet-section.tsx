import type { Account } from '@hanabi/api';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconLockOpen, IconReplace, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showSuccessToast } from '../../../lib/toast';
import { walletKindOf } from '../../../lib/wallet';
import { PassphraseDialog, type PassphrasePurpose } from './passphrase-dialog';
import { useConfirmWalletReplace } from './wallet-replace-confirm';
import { WalletSetup } from './wallet-setup';

interface WalletSectionProps {
  account: Account;
  onSaved: (account: Account) => void;
}

/**
 * The account page's wallet: the address and its kind; for a browser wallet kept here, unlock (proves the
 * passphrase) and export of the recovery phrase; and replacing the wallet with a new one.
 */
export function WalletSection({ account, onSaved }: WalletSectionProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<PassphrasePurpose | null>(null);
  const [replacing, setReplacing] = useState(false);
  const address = account.walletAddress;
  const kind = useQuery({
    queryKey: ['wallet-kind', address],
    queryFn: () => walletKindOf(address ?? ''),
    enabled: Boolean(address),
    staleTime: 0,
  });

  const saved = (updated: Account) => {
    onSaved(updated);
    showSuccessToast(t('wallet.saved'));
  };

  const askReplace = useConfirmWalletReplace(account);
  const confirmReplace = () => askReplace(() => setReplacing(true));

  let kindLabel = '';
  if (kind.data?.kind === 'browser') kindLabel = t('wallet.kind.browser');
  else if (kind.data?.kind === 'injected')
    kindLabel = t('wallet.kind.injected', { wallet: kind.data.walletName });
  else if (kind.data?.kind === 'unknown') kindLabel = t('wallet.kind.unknown');

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="wallet-heading"
      data-testid="wallet-section"
    >
      <Stack gap="md">
        <Group gap="xs">
          <IconWallet size={22} stroke={1.6} aria-hidden />
          <Title order={2} size="h4" id="wallet-heading">
            {t('wallet.section.title')}
          </Title>
        </Group>
        {replacing ? (
          <WalletSetup
            account={account}
            onSaved={(updated) => {
              setReplacing(false);
              saved(updated);
            }}
            onCancel={() => setReplacing(false)}
          />
        ) : address ? (
          <>
            <Stack gap={6}>
              <Text size="sm" c="dimmed">
                {t('wallet.section.address')}
              </Text>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Code fz="sm" style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="wallet-address">
                  {address}
                </Code>
                <CopyButton value={address}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? t('common.copied') : t('common.copy')} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={t('wallet.section.copyAddress')}
                      >
                        {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              {kindLabel && (
                <div>
                  <Badge
                    variant="light"
                    color={kind.data?.kind === 'browser' ? 'hanabi' : 'gray'}
                    tt="none"
                    data-testid="wallet-kind"
                  >
                    {kindLabel}
                  </Badge>
                </div>
              )}
              {kind.data?.kind === 'unknown' && (
                <Text size="sm" c="dimmed">
                  {t('wallet.section.unknownHint')}
                </Text>
              )}
            </Stack>
            <Group gap="sm">
              {kind.data?.kind === 'browser' && (
                <>
                  <Button
                    variant="light"
                    leftSection={<IconLockOpen size={18} aria-hidden />}
                    onClick={() => setDialog('unlock')}
                    data-testid="wallet-unlock"
                  >
                    {t('wallet.unlock.open')}
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconKey size={18} aria-hidden />}
                    onClick={() => setDialog('export')}
                    data-testid="wallet-export"
                  >
                    {t('wallet.export.open')}
                  </Button>
                </>
              )}
              <Button
                variant="default"
                leftSection={<IconReplace size={18} aria-hidden />}
                onClick={confirmReplace}
                data-testid="wallet-replace"
              >
                {t('wallet.replace.open')}
              </Button>
            </Group>
            <PassphraseDialog address={address} purpose={dialog} onClose={() => setDialog(null)} />
          </>
        ) : (
          <>
            <Text c="dimmed">{t('wallet.section.none')}</Text>
            <WalletSetup account={account} onSaved={saved} />
          </>
        )}
      </Stack>
    </Card>
  );
}

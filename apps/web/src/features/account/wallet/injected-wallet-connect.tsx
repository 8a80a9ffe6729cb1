import type { Account } from '@hanabi/api';
import { Alert, Button, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/toast';
import {
  classifyInjectedError,
  networkLabel,
  rememberInjectedWallet,
  type InjectedWalletProblem,
} from '../../../lib/wallet';
import {
  availableWallets,
  connectWallet,
  onWalletsChanged,
  signWithWallet,
  switchWalletChain,
  walletConfig,
  type InjectedWalletOption,
} from '../../../lib/wallet/injected-wallet';
import { saveWalletAddress } from '../account-api';
import { WalletSaveError } from './wallet-save-error';

interface InjectedWalletConnectProps {
  account: Account;
  expectedChainId: number;
  onSaved: (account: Account) => void;
  onCancel?: () => void;
  /**
   * The account's address, when this browser is connecting the wallet it already has (returning step): the same
   * address is only remembered here; another one replaces it after a confirmation naming the consequence.
   */
  registeredAddress?: string;
  onKept?: () => void;
  /** Asks before replacing `registeredAddress` (the caller's confirmation naming the consequence). */
  confirmReplace?: (proceed: () => void) => void;
}

interface Connection {
  option: InjectedWalletOption;
  address: `0x${string}`;
  chainId: number;
}

function ProblemAlert({ problem, error }: { problem: InjectedWalletProblem; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
      {problem === 'unknown' ? errorMessageOf(error) : t(`wallet.injected.problems.${problem}`)}
    </Alert>
  );
}

/**
 * An extension wallet (EIP-6963 discovery + `window.ethereum`): pick one, connect, check the network (a prompt
 * to switch when it is not the configured chain), then save the address on the account.
 */
export function InjectedWalletConnect({
  account,
  expectedChainId,
  onSaved,
  onCancel,
  registeredAddress,
  onKept,
  confirmReplace,
}: InjectedWalletConnectProps) {
  const { t } = useTranslation();
  const config = useMemo(() => walletConfig(expectedChainId), [expectedChainId]);
  const [wallets, setWallets] = useState<InjectedWalletOption[] | null>(null);
  const [searchRound, setSearchRound] = useState(0);
  const [connection, setConnection] = useState<Connection | null>(null);

  useEffect(() => {
    let active = true;
    const refresh = () => {
      void availableWallets(config).then((list) => {
        if (active) setWallets(list);
      });
    };
    refresh();
    const stop = onWalletsChanged(config, refresh);
    // EIP-6963 wallets announce themselves right after a request; look again shortly after.
    const timer = window.setTimeout(refresh, 500);
    return () => {
      active = false;
      stop();
      window.clearTimeout(timer);
    };
  }, [config, searchRound]);

  const connect = useMutation({
    mutationFn: async (option: InjectedWalletOption): Promise<Connection> => {
      const result = await connectWallet(config, option.connector);
      return { option, address: result.address, chainId: result.chainId };
    },
    onSuccess: setConnection,
  });
  const switchNetwork = useMutation({
    mutationFn: (current: Connection) => switchWalletChain(config, current.option.connector, expectedChainId),
    onSuccess: (chainId) => setConnection((current) => (current ? { ...current, chainId } : current)),
  });
  const isRegistered = (address: string) => registeredAddress?.toLowerCase() === address.toLowerCase();
  const save = useMutation({
    mutationFn: async (current: Connection): Promise<Account | null> => {
      if (isRegistered(current.address)) return null;
      return saveWalletAddress(account.id, current.address, (message) =>
        signWithWallet(config, current.option.connector, current.address, message),
      );
    },
    onSuccess: (updated, current) => {
      rememberInjectedWallet(current.address, current.option.name);
      if (updated) onSaved(updated);
      else onKept?.();
    },
  });
  const saveConnected = (current: Connection) => {
    if (registeredAddress && !isRegistered(current.address) && confirmReplace) {
      confirmReplace(() => save.mutate(current));
    } else {
      save.mutate(current);
    }
  };

  const back = onCancel && (
    <Button variant="default" onClick={onCancel}>
      {t('common.back')}
    </Button>
  );

  if (connection) {
    const rightNetwork = connection.chainId === expectedChainId;
    return (
      <Stack gap="md">
        <Text>{t('wallet.injected.connected', { wallet: connection.option.name })}</Text>
        <Code block style={{ overflowWrap: 'anywhere' }} data-testid="injected-address">
          {connection.address}
        </Code>
        {registeredAddress && !isRegistered(connection.address) && (
          <Alert color="orange.9" variant="filled" role="alert" data-testid="injected-mismatch">
            {t('walletTrust.replace.mismatchTitle')}
          </Alert>
        )}
        {rightNetwork ? (
          <Alert color="teal" icon={<IconCheck size={20} aria-hidden />}>
            {t('wallet.injected.rightNetwork', { network: networkLabel(expectedChainId) })}
          </Alert>
        ) : (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={20} aria-hidden />}
            title={t('wallet.injected.wrongNetworkTitle')}
            data-testid="wrong-network"
          >
            <Stack gap="sm">
              <Text size="sm">
                {t('wallet.injected.wrongNetwork', {
                  current: networkLabel(connection.chainId),
                  expected: networkLabel(expectedChainId),
                })}
              </Text>
              <div>
                <Button
                  size="xs"
                  variant="white"
                  loading={switchNetwork.isPending}
                  onClick={() => switchNetwork.mutate(connection)}
                >
                  {t('wallet.injected.switch', { network: networkLabel(expectedChainId) })}
                </Button>
              </div>
            </Stack>
          </Alert>
        )}
        {switchNetwork.error && (
          <ProblemAlert problem={classifyInjectedError(switchNetwork.error)} error={switchNetwork.error} />
        )}
        {save.error && <WalletSaveError account={account} error={save.error} />}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={() => setConnection(null)} disabled={save.isPending}>
            {t('wallet.injected.chooseAnother')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() => saveConnected(connection)}
            data-testid="use-injected"
          >
            {t('wallet.injected.useAddress')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Text>{t('wallet.injected.lead')}</Text>
      {wallets === null ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('wallet.injected.searching')}</Text>
        </Group>
      ) : wallets.length === 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="no-wallet">
          {t('wallet.injected.problems.noWallet')}
        </Alert>
      ) : (
        <Stack gap="xs" data-testid="wallet-list">
          {wallets.map((option) => (
            <Button
              key={option.id}
              variant="default"
              size="md"
              justify="flex-start"
              leftSection={
                option.icon ? (
                  <Image src={option.icon} alt="" w={22} h={22} />
                ) : (
                  <IconPlugConnected size={20} aria-hidden />
                )
              }
              loading={connect.isPending && connect.variables?.id === option.id}
              disabled={connect.isPending}
              onClick={() => connect.mutate(option)}
            >
              {t('wallet.injected.connectWith', { wallet: option.name })}
            </Button>
          ))}
        </Stack>
      )}
      {connect.error && <ProblemAlert problem={classifyInjectedError(connect.error)} error={connect.error} />}
      <Group justify="space-between" gap="sm">
        {back ?? <span />}
        <Button
          variant="subtle"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => {
            setWallets(null);
            setSearchRound((round) => round + 1);
          }}
        >
          {t('wallet.injected.searchAgain')}
        </Button>
      </Group>
    </Stack>
  );
}

export default InjectedWalletConnect;

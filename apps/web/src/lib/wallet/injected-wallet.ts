/**
 * Injected (extension) wallets through wagmi: EIP-6963 discovery of every installed wallet plus the classic
 * `window.ethereum` (`injected()`), connect, read the address, check and switch the network. Loaded only by the
 * wallet step's "use an extension wallet" choice. No RPC calls: the transport refuses, so nothing leaves the
 * browser except to the extension itself.
 */
import { createConfig, custom } from 'wagmi';
import type { Config, Connector } from 'wagmi';
import { connect, disconnect, getConnectors, signMessage, switchChain, watchConnectors } from 'wagmi/actions';
import { injected } from 'wagmi/connectors';
import { defineChain, type Chain } from 'viem';
import { foundry, mainnet, polygon, sepolia } from 'viem/chains';
import { NoAccountsError } from './injected-errors';
import { networkLabel } from './networks';

const KNOWN_CHAINS: Record<number, Chain> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [polygon.id]: polygon,
  [foundry.id]: foundry,
};

/** The viem chain for an id (a minimal definition for ids viem's list here does not hold). */
export function chainFor(chainId: number): Chain {
  return (
    KNOWN_CHAINS[chainId] ??
    defineChain({
      id: chainId,
      name: networkLabel(chainId),
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    })
  );
}

const noRpc = custom({
  async request() {
    throw new Error('Hanabi makes no RPC calls from the browser.');
  },
});

const configs = new Map<number, Config>();

/** One wagmi config per chain id (discovery listens for EIP-6963 announcements from creation on). */
export function walletConfig(chainId: number): Config {
  let config = configs.get(chainId);
  if (!config) {
    const chain = chainFor(chainId);
    config = createConfig({
      chains: [chain],
      connectors: [injected({ shimDisconnect: false })],
      transports: { [chain.id]: noRpc },
      multiInjectedProviderDiscovery: true,
      storage: null,
      ssr: false,
    });
    configs.set(chainId, config);
  }
  return config;
}

export interface InjectedWalletOption {
  id: string;
  name: string;
  icon: string | null;
  connector: Connector;
}

/**
 * The wallets to offer: every EIP-6963 wallet, plus the generic injected one only when nothing announced
 * itself and `window.ethereum` exists.
 */
export async function availableWallets(config: Config): Promise<InjectedWalletOption[]> {
  const connectors = getConnectors(config);
  const announced = connectors.filter((connector) => connector.id !== 'injected');
  const candidates = announced.length > 0 ? announced : connectors;
  const present = await Promise.all(
    candidates.map(async (connector) => {
      try {
        return (await connector.getProvider()) ? connector : null;
      } catch {
        return null;
      }
    }),
  );
  return present
    .filter((connector): connector is Connector => connector !== null)
    .map((connector) => ({
      id: connector.uid,
      name: connector.name,
      // Icons are data: URIs by EIP-6963; anything else is not shown.
      icon: connector.icon?.startsWith('data:image/') ? connector.icon : null,
      connector,
    }));
}

export function onWalletsChanged(config: Config, listener: () => void): () => void {
  return watchConnectors(config, { onChange: listener });
}

export interface InjectedConnection {
  address: `0x${string}`;
  chainId: number;
  walletName: string;
}

/** Asks the extension for its account. Throws `NoAccountsError` when it answers with none (locked). */
export async function connectWallet(config: Config, connector: Connector): Promise<InjectedConnection> {
  // A previous session of the same connector would make wagmi refuse; start clean.
  if (connector.uid === config.state.current) await disconnect(config, { connector }).catch(() => undefined);
  const result = await connect(config, { connector });
  const address = result.accounts[0];
  if (!address) throw new NoAccountsError();
  return { address, chainId: result.chainId, walletName: connector.name };
}

/** Asks the extension to switch to (or add) the expected network; answers the chain id it is on afterwards. */
export async function switchWalletChain(
  config: Config,
  connector: Connector,
  chainId: number,
): Promise<number> {
  const chain = await switchChain(config, { chainId, connector });
  return chain.id;
}

/** The extension signs a message through its own prompt (EIP-1193 `personal_sign`). */
export async function signWithWallet(
  config: Config,
  connector: Connector,
  account: `0x${string}`,
  message: string,
): Promise<`0x${string}`> {
  return signMessage(config, { connector, account, message });
}

export async function disconnectWallet(config: Config, connector: Connector): Promise<void> {
  await disconnect(config, { connector }).catch(() => undefined);
}

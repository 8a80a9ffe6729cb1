import type { AppConfig } from '../../config.ts';
import { lazy, type Lazy } from '../../lib/lazy.ts';
import { EmbeddedIpfs } from './embedded-ipfs.ts';
import type { IpfsAdapter } from './ipfs.adapter.ts';
import { KuboIpfs } from './kubo-ipfs.ts';

export * from './ipfs.adapter.ts';

/** The configured IPFS: the embedded block store under the data folder, or a Kubo node's RPC API. */
export async function openIpfs(config: AppConfig): Promise<IpfsAdapter> {
  if (config.ipfs.kind === 'embedded') return EmbeddedIpfs.open(config.ipfs.dir, config.ipfs.gatewayUrl);
  return new KuboIpfs(config.ipfs.rpcUrl, config.ipfs.gatewayUrl);
}

export type { IpfsAdapter } from './ipfs.adapter.ts';

/** IPFS, opened on first use and closed with the process (the app and the one-shot commands share it). */
export function lazyIpfs(config: AppConfig): Lazy<IpfsAdapter> {
  return lazy(
    () => openIpfs(config),
    (adapter) => adapter.close(),
  );
}

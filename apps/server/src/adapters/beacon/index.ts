import type { AppConfig } from '../../config.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { ChainAdapter } from '../chain/index.ts';
import type { BeaconAdapter } from './beacon.adapter.ts';
import { ChainBeacon } from './chain-beacon.ts';
import { DrandBeacon } from './drand-beacon.ts';

export type { BeaconAdapter, BeaconValue } from './beacon.adapter.ts';
export { ChainBeacon } from './chain-beacon.ts';
export { DrandBeacon } from './drand-beacon.ts';

/**
 * drand when configured (always in production: config refuses to start without it), else the chain's next block
 * (embedded), whose draws are practice draws: this server controls that chain (decision 0199).
 */
export function createBeacon(config: AppConfig, chain: Lazy<ChainAdapter>): BeaconAdapter {
  if (config.beacon.kind === 'drand') {
    return new DrandBeacon({ url: config.beacon.url, chainHash: config.beacon.chainHash });
  }
  return new ChainBeacon(chain);
}

import type { ChainAdapter } from '../chain/index.ts';
import { mapChainError } from '../chain/index.ts';
import type { Lazy } from '../../lib/lazy.ts';
import { AdapterError, isAdapterError } from '../adapter-error.ts';
import type { BeaconAdapter, BeaconRound, BeaconValue } from './beacon.adapter.ts';

/**
 * The embedded chain as the beacon: the hash of the first block after T. `roundAfter` is asked once T has
 * passed, so the block after the current head comes after T. On anvil we mine it (`evm_mine`) when it does
 * not exist yet; a chain that mines by itself (an RPC node) is waited for.
 */
export class ChainBeacon implements BeaconAdapter {
  constructor(
    private readonly chain: Lazy<ChainAdapter>,
    private readonly options: { pollMs?: number; timeoutMs?: number } = {},
  ) {}

  async roundAfter(_time: Date): Promise<BeaconRound> {
    return this.guard(async () => {
      const chain = await this.chain.get();
      const head = await chain.latestBlock();
      return { source: `chain:${chain.chainId}`, round: (head.number + 1n).toString() };
    });
  }

  async value(round: BeaconRound): Promise<BeaconValue> {
    return this.guard(async () => {
      const chain = await this.chain.get();
      const wanted = BigInt(round.round);
      const deadline = Date.now() + (this.options.timeoutMs ?? 120_000);
      for (;;) {
        const head = await chain.latestBlock();
        if (head.number >= wanted) {
          const block = await chain.publicClient.getBlock({ blockNumber: wanted });
          return { ...round, value: block.hash.slice(2) };
        }
        if (chain.kind === 'embedded') {
          // anvil's own method, not in viem's public RPC schema.
          const request = chain.publicClient.request as unknown as (args: {
            method: string;
          }) => Promise<unknown>;
          await request({ method: 'evm_mine' });
          continue;
        }
        if (Date.now() > deadline) {
          throw new AdapterError('retryable', 'beacon', `block ${wanted} has not been mined yet`);
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.pollMs ?? 1000));
      }
    });
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isAdapterError(error)) throw error;
      const mapped = mapChainError(error, 'beacon');
      throw new AdapterError(mapped.kind, 'beacon', mapped.message, { cause: error });
    }
  }
}

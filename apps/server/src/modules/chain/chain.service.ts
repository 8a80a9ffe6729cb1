import { hanabiTokenAbi } from '@hanabi/token';
import type { BlockchainArtifacts } from '@hanabi/api';
import type { ChainAdapter, HexAddress } from '../../adapters/chain/index.ts';
import type { IpfsAdapter } from '../../adapters/ipfs/index.ts';
import type { Db } from '../../db/client.ts';
import { readSetting, SETTING_KEYS } from '../../db/app-settings.ts';
import { appSetting } from '../../db/schema.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { Logger } from '../../logger.ts';
import { ensureCollectionMetadata } from './collection-metadata.ts';

/** The chain answered, and what it said rules the configured token out (wrong chain, no contract, none recorded). */
export class TokenSetupError extends Error {
  override readonly name = 'TokenSetupError';
}

interface ContractSetup {
  name: string;
  /** The setting that names its address. */
  setting: string;
  settingKey: string;
  deploy(chain: ChainAdapter): Promise<HexAddress>;
}

const CONTRACTS = {
  token: {
    name: 'token contract',
    setting: 'CHAIN_CONTRACT_ADDRESS',
    settingKey: SETTING_KEYS.contractAddress,
    deploy: (chain) => chain.deployToken(),
  },
  drawRegistry: {
    name: 'draw registry',
    setting: 'CHAIN_DRAW_REGISTRY_ADDRESS',
    settingKey: SETTING_KEYS.drawRegistryAddress,
    deploy: (chain) => chain.deployDrawRegistry(),
  },
} satisfies Record<string, ContractSetup>;

export interface ChainServiceOptions {
  chainId: number;
  /** Production: the deployed token's address from config. Unset: deploy once and record it. */
  configuredAddress: HexAddress | undefined;
  /** The draw registry's address from config; unset: deployed once (embedded, `deploy-token`) and recorded. */
  configuredDrawRegistry?: HexAddress | undefined;
  ipfsGateway: string;
  /** Where the collection's ERC-7572 metadata links to. */
  publicOrigin: string;
}

/**
 * Knows where the token contract lives. With an address in config it checks the code is there; otherwise the
 * token is deployed on the first start and its address recorded — and deployed again if the chain lost it
 * (an embedded chain restarted without its state).
 */
export class ChainService {
  constructor(
    private readonly chain: Lazy<ChainAdapter>,
    private readonly db: Db,
    private readonly options: ChainServiceOptions,
    private readonly log: Logger,
  ) {}

  async ensureToken(): Promise<HexAddress> {
    return this.ensure(CONTRACTS.token, this.options.configuredAddress);
  }

  /**
   * The token's ERC-7572 `contractURI()`, set once (decision 0221): run where the token is deployed, the embedded
   * start and `deploy-token`, after `ensureToken`. Answers the URI.
   */
  async ensureCollectionMetadata(ipfs: IpfsAdapter): Promise<string> {
    const address = await this.ensureToken();
    return ensureCollectionMetadata({
      chain: await this.chain.get(),
      address,
      ipfs,
      publicOrigin: this.options.publicOrigin,
      log: this.log,
    });
  }

  /** The draw registry, deployed and recorded like the token when there is none (decision 0202). */
  async ensureDrawRegistry(): Promise<HexAddress> {
    return this.ensure(CONTRACTS.drawRegistry, this.options.configuredDrawRegistry);
  }

  /** The draw registry's address as every process sees it (config, or what the deploying process recorded). */
  async drawRegistryAddress(): Promise<HexAddress | null> {
    return (
      this.options.configuredDrawRegistry ??
      (await readSetting<HexAddress>(this.db, SETTING_KEYS.drawRegistryAddress)) ??
      null
    );
  }

  private async ensure(contract: ContractSetup, configured: HexAddress | undefined): Promise<HexAddress> {
    const chain = await this.chain.get();
    const actualChainId = await chain.publicClient.getChainId();
    if (actualChainId !== this.options.chainId) {
      throw new Error(
        `The chain at ${chain.rpcUrl} has id ${actualChainId}, but CHAIN_ID is ${this.options.chainId}`,
      );
    }
    if (configured) {
      if (!(await chain.hasCode(configured))) {
        throw new Error(`No contract at ${contract.setting} ${configured} on chain ${actualChainId}`);
      }
      return configured;
    }
    const recorded = await readSetting<HexAddress>(this.db, contract.settingKey);
    if (recorded && (await chain.hasCode(recorded))) return recorded;

    if (recorded)
      this.log.warn({ recorded }, `the recorded ${contract.name} is gone from the chain; deploying anew`);
    const deployed = await contract.deploy(chain);
    // Recorded only once a crash cannot take the deployment back (the embedded chain saves its state; 0171).
    await chain.durable((await chain.latestBlock()).number);
    await this.db
      .insert(appSetting)
      .values({ key: contract.settingKey, value: deployed })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: deployed, updatedAt: new Date() } });
    this.log.info({ address: deployed, chainId: actualChainId }, `${contract.name} deployed`);
    return deployed;
  }

  /**
   * Production start (decision 0140): the token from config (or the record), checked on the chain, never
   * deployed — only `deploy-token` deploys. A chain that does not answer throws its own error (the caller retries
   * and serves meanwhile); a chain that answers and rules the token out throws TokenSetupError.
   */
  async verifyToken(): Promise<HexAddress> {
    const chain = await this.chain.get();
    const actualChainId = await chain.publicClient.getChainId();
    if (actualChainId !== this.options.chainId) {
      throw new TokenSetupError(`The chain has id ${actualChainId}, but CHAIN_ID is ${this.options.chainId}`);
    }
    const address = await this.tokenAddress();
    if (!address) {
      throw new TokenSetupError('No token contract: deploy it once with `npm run deploy-token`');
    }
    if (!(await chain.hasCode(address))) {
      throw new TokenSetupError(`No contract at ${address} on chain ${actualChainId}`);
    }
    return address;
  }

  /** Readiness detail: the chain answers (its latest block number). */
  async probe(): Promise<void> {
    await (await this.chain.get()).publicClient.getBlockNumber({ cacheTime: 0 });
  }

  /** The token's address as every process sees it (config, or what the deploying process recorded). */
  async tokenAddress(): Promise<HexAddress | null> {
    return (
      this.options.configuredAddress ??
      (await readSetting<HexAddress>(this.db, SETTING_KEYS.contractAddress)) ??
      null
    );
  }

  async artifacts(): Promise<BlockchainArtifacts> {
    return {
      contractName: 'HanabiToken',
      abi: hanabiTokenAbi as unknown as Array<Record<string, unknown>>,
      address: await this.tokenAddress(),
      chainId: this.options.chainId,
      ipfsGateway: `${this.options.ipfsGateway}/ipfs/`,
    };
  }
}

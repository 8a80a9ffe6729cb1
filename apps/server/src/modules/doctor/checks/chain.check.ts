import {
  formatUnits,
  probeDeployment,
  type DeploymentFacts,
  type HexAddress,
} from '../../../adapters/chain/index.ts';
import { readSetting, SETTING_KEYS } from '../../../db/app-settings.ts';
import { coverage, GAS_PER_DELIVERY, GAS_PER_DRAW_COMMITMENT, isLow } from '../../signer-funds/index.ts';
import {
  fail,
  ok,
  skip,
  warn,
  type CheckOutcome,
  type DoctorCheckDefinition,
  type DoctorPorts,
} from '../doctor.types.ts';

export interface ChainExpectations {
  chainId: number;
  token: HexAddress | null;
  drawRegistry: HexAddress | null;
  signerKind: 'local key' | 'remote signer' | 'address only';
}

export function chainVerdict(facts: DeploymentFacts, expected: ChainExpectations): CheckOutcome {
  const covers = coverage({ balanceWei: facts.signerBalanceWei, gasPriceWei: facts.gasPriceWei });
  const details = [
    `chain id ${facts.chainId}`,
    `token ${facts.token ? `${facts.token.address} (${facts.token.erc1155 ? 'ERC-1155 ✓' : facts.token.hasCode ? 'not ERC-1155' : 'no code'})` : 'none'}`,
    `draw registry ${facts.drawRegistry ? `${facts.drawRegistry.address} (${facts.drawRegistry.genuine ? 'HanabiDrawRegistry code ✓' : facts.drawRegistry.hasCode ? 'other code' : 'no code'})` : 'none'}`,
    `signer ${facts.signer} (${expected.signerKind}), balance ${formatUnits(facts.signerBalanceWei, 18)}`,
    `gas price ${formatUnits(facts.gasPriceWei, 9)} gwei: ` +
      (covers
        ? `covers ~${covers.deliveries} deliveries (${GAS_PER_DELIVERY} gas per recipient) or ~${covers.draws} draw commitments (${GAS_PER_DRAW_COMMITMENT.least}–${GAS_PER_DRAW_COMMITMENT.most} gas each)`
        : 'gas is free on this chain'),
  ];
  if (facts.chainId !== expected.chainId) {
    return fail(
      `the node is chain ${facts.chainId}, but CHAIN_ID is ${expected.chainId}`,
      'Point CHAIN_RPC_URL at the intended chain, or set CHAIN_ID to its id',
      details,
    );
  }
  const deploy =
    'Run `npm run deploy-token` once (HANABI_ROLE=deploy-token) and set CHAIN_CONTRACT_ADDRESS to the address it prints';
  if (!facts.token) return fail('no token contract: CHAIN_CONTRACT_ADDRESS is unset', deploy, details);
  if (!facts.token.hasCode)
    return fail(`no contract at ${facts.token.address} on chain ${facts.chainId}`, deploy, details);
  if (!facts.token.erc1155) {
    return fail(
      `the contract at ${facts.token.address} does not answer as an ERC-1155 token`,
      deploy,
      details,
    );
  }
  const registryFix =
    'Run `npm run deploy-token` once more: it deploys the draw registry and records it (or set CHAIN_DRAW_REGISTRY_ADDRESS)';
  if (!facts.drawRegistry) return fail('no draw registry recorded or configured', registryFix, details);
  if (!facts.drawRegistry.genuine) {
    return fail(
      `${facts.drawRegistry.address} is not Hanabi's draw registry (its code differs)`,
      registryFix,
      details,
    );
  }
  const fund = `Send gas money to the signer ${facts.signer}`;
  if (covers && (covers.draws === 0n || covers.deliveries === 0n)) {
    return fail('the signer cannot pay for one draw commitment or delivery', fund, details);
  }
  if (isLow(covers)) {
    return warn(
      `contracts found; the signer's balance is low (~${covers!.deliveries} deliveries)`,
      fund,
      details,
    );
  }
  return ok(`chain ${facts.chainId}: token and draw registry found, signer funded`, details);
}

function signerKind(ports: DoctorPorts): ChainExpectations['signerKind'] {
  const chain = ports.config.chain;
  if (chain.kind !== 'rpc') return 'local key';
  return chain.signer.kind === 'local'
    ? 'local key'
    : chain.signer.kind === 'remote'
      ? 'remote signer'
      : 'address only';
}

/** The addresses as every process sees them: config, or what `deploy-token` recorded in the database. */
async function addresses(ports: DoctorPorts) {
  const chain = ports.config.chain;
  const recorded = async (key: string) => {
    try {
      return (await readSetting<HexAddress>((await ports.database()).db, key)) ?? null;
    } catch {
      return null; // The database check says why.
    }
  };
  return {
    token: chain.contractAddress ?? (await recorded(SETTING_KEYS.contractAddress)),
    drawRegistry: chain.drawRegistryAddress ?? (await recorded(SETTING_KEYS.drawRegistryAddress)),
  };
}

export function chainCheck(ports: DoctorPorts): DoctorCheckDefinition {
  return {
    id: 'chain',
    required: true,
    async run() {
      if (ports.config.chain.kind === 'embedded') {
        return skip(`embedded anvil in ${ports.config.chain.dir} (production: CHAIN_RPC_URL)`);
      }
      const contracts = await addresses(ports);
      let facts: DeploymentFacts;
      try {
        facts = await probeDeployment(await ports.chain(), contracts);
      } catch (error) {
        return fail(
          `the chain RPC does not answer: ${(error as Error).message}`,
          'Check CHAIN_RPC_URL (and the provider key in it) and that it is reachable from here',
        );
      }
      return chainVerdict(facts, {
        chainId: ports.config.chainId,
        ...contracts,
        signerKind: signerKind(ports),
      });
    },
  };
}

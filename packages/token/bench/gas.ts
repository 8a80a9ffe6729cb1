/**
 * Gas report for HanabiToken and HanabiDrawRegistry on a fresh anvil: `npm run bench:gas -w @hanabi/token`.
 *
 * Measures (receipt gasUsed, so including the 21,000 base cost and calldata):
 * - HanabiToken: deploy; airdrop(recipients, id, 1) to 1, 10, 100 and 500 fresh addresses, per recipient; one
 *   safeTransferFrom / mint to a fresh address
 * - HanabiDrawRegistry: deploy; one commit with a 400-byte sealed secret (a realistic timelock ciphertext) and with
 *   an empty one, each as the first draw of a campaign and as a later draw
 *
 * Prints markdown tables and whether the token's goal (airdrop at 100 recipients <= 30,000 gas per recipient, 500
 * recipients under the 16,777,216 per-transaction gas cap of EIP-7825) is met; exits 1 if not.
 */
import {
  createPublicClient,
  createWalletClient,
  http,
  keccak256,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { mnemonicToAccount, privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startAnvil, ANVIL_MNEMONIC } from '../src/anvil.ts';
import { hanabiTokenAbi, hanabiTokenBytecode } from '../src/artifact.ts';
import { hanabiDrawRegistryAbi, hanabiDrawRegistryBytecode } from '../src/draw-registry-artifact.ts';

const GOAL_PER_RECIPIENT_AT_100 = 30_000;
const TX_GAS_CAP = 16_777_216n;
const SIZES = [1, 10, 100, 500] as const;

const freshAddresses = (n: number): Address[] =>
  Array.from({ length: n }, () => privateKeyToAddress(generatePrivateKey()));
const fmt = (n: number | bigint) => Math.round(Number(n)).toLocaleString('en-US');
const id = (label: string) => keccak256(toHex(label));
/** A 400-byte stand-in for a timelock ciphertext: bytes without zeros, as a ciphertext's are almost all. */
const SEALED_400: Hex = toHex(Uint8Array.from({ length: 400 }, (_, i) => 1 + ((i * 131 + 7) % 255)));

async function main() {
  const anvil = await startAnvil();
  try {
    const account = mnemonicToAccount(ANVIL_MNEMONIC);
    const chain = { ...foundry, rpcUrls: { default: { http: [anvil.rpcUrl] } } };
    const wallet = createWalletClient({ account, chain, transport: http(anvil.rpcUrl) });
    const pub = createPublicClient({ chain, transport: http(anvil.rpcUrl) });
    const gasOf = async (hash: Hash) => {
      const receipt = await pub.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`tx ${hash} reverted`);
      return receipt;
    };

    const deploy = await gasOf(
      await wallet.deployContract({
        abi: hanabiTokenAbi,
        bytecode: hanabiTokenBytecode,
        args: [account.address, 'ipfs://contract'],
      }),
    );
    const address = deploy.contractAddress!;
    const token = { address, abi: hanabiTokenAbi } as const;

    const rows: { operation: string; recipients: number; total: bigint }[] = [];
    rows.push({ operation: 'deploy', recipients: 0, total: deploy.gasUsed });

    // Warm-up so the first measured airdrop does not pay for first-ever writes unrelated to recipients.
    await gasOf(
      await wallet.writeContract({ ...token, functionName: 'airdrop', args: [freshAddresses(1), 1n, 1n] }),
    );

    const airdropGas = new Map<number, bigint>();
    for (const n of SIZES) {
      const { gasUsed } = await gasOf(
        await wallet.writeContract({ ...token, functionName: 'airdrop', args: [freshAddresses(n), 1n, 1n] }),
      );
      airdropGas.set(n, gasUsed);
      rows.push({
        operation: `airdrop to ${n} fresh recipient${n === 1 ? '' : 's'}`,
        recipients: n,
        total: gasUsed,
      });
    }

    await gasOf(
      await wallet.writeContract({
        ...token,
        functionName: 'mint',
        args: [account.address, 2n, 1_000n, '0x'],
      }),
    );
    const transfer = await gasOf(
      await wallet.writeContract({
        ...token,
        functionName: 'safeTransferFrom',
        args: [account.address, freshAddresses(1)[0]!, 2n, 1n, '0x'],
      }),
    );
    rows.push({ operation: 'safeTransferFrom to a fresh address', recipients: 1, total: transfer.gasUsed });
    const mint = await gasOf(
      await wallet.writeContract({
        ...token,
        functionName: 'mint',
        args: [freshAddresses(1)[0]!, 2n, 1n, '0x'],
      }),
    );
    rows.push({ operation: 'mint to a fresh address', recipients: 1, total: mint.gasUsed });

    console.log(`HanabiToken gas (anvil, solc 0.8.37, optimizer 200 runs, Cancun bytecode)\n`);
    console.log('| operation | total gas | gas per recipient |');
    console.log('|---|---:|---:|');
    for (const r of rows) {
      const per = r.recipients > 0 ? fmt(Number(r.total) / r.recipients) : '';
      console.log(`| ${r.operation} | ${fmt(r.total)} | ${per} |`);
    }
    const g100 = airdropGas.get(100)!;
    const g500 = airdropGas.get(500)!;
    const marginal = Number(g500 - g100) / 400;
    console.log(`\nMarginal cost of one more fresh recipient (500 vs 100): ${fmt(marginal)} gas.`);

    const per100 = Number(g100) / 100;
    const goalMet = per100 <= GOAL_PER_RECIPIENT_AT_100;
    const capMet = g500 < TX_GAS_CAP;
    console.log(
      `Goal airdrop at 100 <= ${fmt(GOAL_PER_RECIPIENT_AT_100)} gas/recipient: ${goalMet ? 'MET' : 'NOT MET'} (${fmt(per100)}).`,
    );
    console.log(
      `500 recipients under the ${fmt(TX_GAS_CAP)} per-transaction gas cap: ${capMet ? 'YES' : 'NO'} (${fmt(g500)}).`,
    );
    if (!goalMet || !capMet) process.exitCode = 1;

    // ---------------------------------------------------------------- HanabiDrawRegistry
    const registryDeploy = await gasOf(
      await wallet.deployContract({
        abi: hanabiDrawRegistryAbi,
        bytecode: hanabiDrawRegistryBytecode,
        args: [account.address],
      }),
    );
    const registry = { address: registryDeploy.contractAddress!, abi: hanabiDrawRegistryAbi } as const;
    const latest = await pub.getBlock();
    const commit = async (campaign: string, number: number, sealedSecret: Hex) =>
      (
        await gasOf(
          await wallet.writeContract({
            ...registry,
            functionName: 'commit',
            args: [
              id(`campaign:${campaign}`),
              number,
              id(`draw:${campaign}:${number}`),
              id(`commitment:${campaign}:${number}`),
              id(`entrants:${campaign}:${number}`),
              latest.timestamp - 60n,
              '0x52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971', // drand quicknet
              25_000_000n + BigInt(number),
              sealedSecret,
            ],
          }),
        )
      ).gasUsed;
    const registryRows: [string, bigint][] = [['deploy', registryDeploy.gasUsed]];
    registryRows.push([
      'commit, 400-byte sealedSecret, first draw of a campaign',
      await commit('a', 1, SEALED_400),
    ]);
    registryRows.push([
      'commit, 400-byte sealedSecret, later draw (number 2)',
      await commit('a', 2, SEALED_400),
    ]);
    registryRows.push(['commit, empty sealedSecret, first draw of a campaign', await commit('b', 1, '0x')]);
    registryRows.push(['commit, empty sealedSecret, later draw (number 2)', await commit('b', 2, '0x')]);

    console.log(`\nHanabiDrawRegistry gas (same chain and compiler)\n`);
    console.log('| operation | total gas |');
    console.log('|---|---:|');
    for (const [operation, gas] of registryRows) console.log(`| ${operation} | ${fmt(gas)} |`);
  } finally {
    await anvil.stop();
  }
}

await main();

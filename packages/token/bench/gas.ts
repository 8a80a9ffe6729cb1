/**
 * Gas report for HanabiToken on a fresh anvil: `npm run bench:gas -w @hanabi/token`.
 *
 * Measures (receipt gasUsed, so including the 21,000 base cost and calldata):
 * - deploy
 * - airdrop(recipients, id, 1) to 1, 10, 100 and 500 fresh addresses, per recipient
 * - one safeTransferFrom / mint to a fresh address
 *
 * Prints a markdown table and whether the goal (airdrop at 100 recipients <= 30,000 gas per recipient, 500 recipients
 * under the 16,777,216 per-transaction gas cap of EIP-7825) is met; exits 1 if not.
 */
import { createPublicClient, createWalletClient, http, type Address, type Hash } from 'viem';
import { mnemonicToAccount, privateKeyToAddress, generatePrivateKey } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { startAnvil, ANVIL_MNEMONIC } from '../src/anvil.ts';
import { hanabiTokenAbi, hanabiTokenBytecode } from '../src/artifact.ts';

const GOAL_PER_RECIPIENT_AT_100 = 30_000;
const TX_GAS_CAP = 16_777_216n;
const SIZES = [1, 10, 100, 500] as const;

const freshAddresses = (n: number): Address[] =>
  Array.from({ length: n }, () => privateKeyToAddress(generatePrivateKey()));
const fmt = (n: number | bigint) => Math.round(Number(n)).toLocaleString('en-US');

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
  } finally {
    await anvil.stop();
  }
}

await main();

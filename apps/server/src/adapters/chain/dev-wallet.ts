import { createWalletClient, http, type Hash, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC, hanabiTokenAbi } from '@hanabi/token';
import type { ChainAdapter } from './chain.adapter.ts';
import type { HexAddress } from './token-contract.ts';

/**
 * One of anvil's prefunded dev accounts acting as a token holder on its own (tests and local tinkering): it
 * approves, sets approval for all, and manages roles when it is the admin. Only for a local anvil.
 */
export class DevWallet {
  private readonly wallet;
  readonly address: HexAddress;

  constructor(
    private readonly chain: ChainAdapter,
    private readonly token: HexAddress,
    index: number,
  ) {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
    this.address = account.address;
    this.wallet = createWalletClient({
      account,
      chain: chain.publicClient.chain,
      transport: http(chain.rpcUrl),
    });
  }

  approve(operator: HexAddress, id: bigint, amount: bigint): Promise<void> {
    return this.send('approve', [operator, id, amount]);
  }

  setApprovalForAll(operator: HexAddress, approved: boolean): Promise<void> {
    return this.send('setApprovalForAll', [operator, approved]);
  }

  /** Moves own tokens to another wallet, outside Hanabi (as a holder giving a prize away would). */
  transfer(to: HexAddress, id: bigint, amount: bigint): Promise<void> {
    return this.send('safeTransferFrom', [this.address, to, id, amount, '0x']);
  }

  grantRole(role: Hex, account: HexAddress): Promise<void> {
    return this.send('grantRole', [role, account]);
  }

  revokeRole(role: Hex, account: HexAddress): Promise<void> {
    return this.send('revokeRole', [role, account]);
  }

  private async send(
    functionName: 'approve' | 'setApprovalForAll' | 'safeTransferFrom' | 'grantRole' | 'revokeRole',
    args: readonly unknown[],
  ): Promise<void> {
    const hash: Hash = await this.wallet.writeContract({
      address: this.token,
      abi: hanabiTokenAbi,
      functionName,
      args,
    } as Parameters<typeof this.wallet.writeContract>[0]);
    const receipt = await this.chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted (${hash})`);
  }
}

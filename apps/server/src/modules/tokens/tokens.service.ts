import type { ChainOperation, KnownToken, TokenTxResult, WalletHolding } from '@hanabi/api';
import type { ChainAdapter } from '../../adapters/chain/index.ts';
import {
  TokenContract,
  type HexAddress,
  type TokenTxReceipt,
  type TokenWriteHooks,
} from '../../adapters/chain/index.ts';
import { ChainError } from '../../adapters/chain/index.ts';
import { AppError, businessRule, notFound } from '../../lib/app-error.ts';
import type { Lazy } from '../../lib/lazy.ts';
import type { Logger } from '../../logger.ts';
import type { ChainService } from '../chain/index.ts';
import type { ChainOperationWithUser, NewChainOperation, TokensRepository } from './tokens.repository.ts';
import { chainMessage, toAppError } from './token-errors.ts';
import type { TokenWriteRequest } from './token-write-request.ts';

export interface TokenServiceOptions {
  /** Public gateway base (no trailing slash): `ipfs://<cid>` is shown as `<base>/ipfs/<cid>`. */
  ipfsGatewayBase: string;
  /** Holds the signer across processes while sending (shared with the delivery engine). */
  signerLock?: { run<T>(task: () => Promise<T>): Promise<T> };
  /**
   * The goods published under a token id (its supply and the copies its campaigns and distributions promised),
   * or null for a token that is no goods. An operator mint may not take the goods past their supply.
   */
  goodsSupply?: (tokenId: bigint) => Promise<{ name: string; supply: number; promised: number } | null>;
  /**
   * Set in a process that holds no signer (an api without a remote signer): operator writes go to a worker
   * through the `token.write` job and are answered from its outcome (decision 0158).
   */
  handOff?: (request: TokenWriteRequest, requestedBy: Requester) => Promise<unknown>;
}

/** Who asked for a write (an app_user id), or null for the system (deliveries, seeds). */
export type Requester = string | null;

export interface TokenWriteResult extends TokenTxResult {
  blockNumber: number;
}

/**
 * Hanabi's token operations on the HanabiToken contract, through the server's signer. Reusable by other
 * services (publishing goods: `registerToken`, `setTokenUri`, `mint`). Every write is simulated first, recorded
 * in `chain_operation` once the node accepted it, and answered after its receipt. Addresses come in EIP-55
 * checksummed; chain failures leave as AppErrors (422 refused with the revert reason, 503 unreachable).
 */
export class TokenService {
  private contractPromise: Promise<TokenContract> | undefined;

  constructor(
    private readonly chain: Lazy<ChainAdapter>,
    private readonly chainService: ChainService,
    private readonly repository: TokensRepository,
    private readonly options: TokenServiceOptions,
    private readonly log: Logger,
  ) {}

  // ─── writes ───────────────────────────────────────────────────────────────────────────────────────────────

  /** Mints `amount` of `tokenId` to `to`; with a `uri`, then sets it (a second transaction). */
  async mint(
    input: { to: HexAddress; tokenId: bigint; amount: bigint; uri?: string },
    requestedBy: Requester,
  ): Promise<TokenWriteResult & { uriTxHash: string | null }> {
    const { to, tokenId, amount, uri } = input;
    if (this.options.handOff) {
      const request = { kind: 'mint', to, tokenId: `${tokenId}`, amount: `${amount}` } as const;
      return this.handOff({ ...request, ...(uri !== undefined ? { uri } : {}) }, requestedBy);
    }
    if (requestedBy !== null) await this.requireWithinSupply(tokenId, amount);
    const minted = await this.write(
      { kind: 'mint', tokenId, toAddress: to, amount, requestedBy },
      (contract, hooks) => contract.mint(to, tokenId, amount, hooks),
    );
    const uriSet = uri === undefined ? null : await this.setTokenUri(tokenId, uri, requestedBy);
    return { ...minted, uriTxHash: uriSet?.txHash ?? null };
  }

  /** Burns from `from` (default: the signer). Allowed for the signer's own tokens or a holder's who approved it for all. */
  async burn(
    input: { tokenId: bigint; from?: HexAddress; amount: bigint },
    requestedBy: Requester,
  ): Promise<TokenWriteResult> {
    if (this.options.handOff) {
      const { tokenId, amount, from } = input;
      const request = { kind: 'burn', tokenId: `${tokenId}`, amount: `${amount}` } as const;
      return this.handOff({ ...request, ...(from ? { from } : {}) }, requestedBy);
    }
    const contract = await this.contract();
    await this.requireKnown(input.tokenId, contract);
    const from = input.from ?? contract.signer;
    const { tokenId, amount } = input;
    return this.write({ kind: 'burn', tokenId, fromAddress: from, amount, requestedBy }, (token, hooks) =>
      token.burn(from, tokenId, amount, hooks),
    );
  }

  async transfer(
    input: { tokenId: bigint; sender: HexAddress; receiver: HexAddress; value: bigint },
    requestedBy: Requester,
  ): Promise<TokenWriteResult> {
    const { tokenId, sender, receiver, value } = input;
    if (this.options.handOff) {
      const request = {
        kind: 'transfer',
        tokenId: `${tokenId}`,
        sender,
        receiver,
        value: `${value}`,
      } as const;
      return this.handOff(request, requestedBy);
    }
    await this.requireKnown(tokenId, await this.contract());
    return this.write(
      { kind: 'transfer', tokenId, fromAddress: sender, toAddress: receiver, amount: value, requestedBy },
      (contract, hooks) => contract.transfer(sender, receiver, tokenId, value, hooks),
    );
  }

  async approve(
    input: { tokenId: bigint; receiver: HexAddress; value: bigint },
    requestedBy: Requester,
  ): Promise<TokenWriteResult> {
    const { tokenId, receiver, value } = input;
    if (this.options.handOff) {
      return this.handOff(
        { kind: 'approve', tokenId: `${tokenId}`, receiver, value: `${value}` },
        requestedBy,
      );
    }
    const contract = await this.contract();
    await this.requireKnown(tokenId, contract);
    return this.write(
      {
        kind: 'approve',
        tokenId,
        fromAddress: contract.signer,
        toAddress: receiver,
        amount: value,
        requestedBy,
      },
      (token, hooks) => token.approve(receiver, tokenId, value, hooks),
    );
  }

  /** Sets `uri(tokenId)` on chain and remembers it; the id becomes known. */
  async setTokenUri(tokenId: bigint, uri: string, requestedBy: Requester): Promise<TokenWriteResult> {
    if (this.options.handOff)
      return this.handOff({ kind: 'set_uri', tokenId: `${tokenId}`, uri }, requestedBy);
    return this.write({ kind: 'set_uri', tokenId, uri, requestedBy }, (contract, hooks) =>
      contract.setUri(tokenId, uri, hooks),
    );
  }

  /** Runs a write a `token.write` job carries (in the worker that signs). */
  perform(request: TokenWriteRequest, requestedBy: Requester): Promise<TokenWriteResult> {
    const tokenId = BigInt(request.tokenId);
    switch (request.kind) {
      case 'mint': {
        const { to, amount, uri } = request;
        return this.mint(
          { to, tokenId, amount: BigInt(amount), ...(uri !== undefined ? { uri } : {}) },
          requestedBy,
        );
      }
      case 'burn': {
        const { amount, from } = request;
        return this.burn({ tokenId, amount: BigInt(amount), ...(from ? { from } : {}) }, requestedBy);
      }
      case 'transfer': {
        const { sender, receiver, value } = request;
        return this.transfer({ tokenId, sender, receiver, value: BigInt(value) }, requestedBy);
      }
      case 'approve':
        return this.approve(
          { tokenId, receiver: request.receiver, value: BigInt(request.value) },
          requestedBy,
        );
      case 'set_uri':
        return this.setTokenUri(tokenId, request.uri, requestedBy);
    }
  }

  private async handOff<T>(request: TokenWriteRequest, requestedBy: Requester): Promise<T> {
    return (await this.options.handOff!(request, requestedBy)) as T;
  }

  /**
   * Makes a token id known to Hanabi before anything is on chain (publishing goods assigns an id first), so the
   * operator tools and wallet holdings include it.
   */
  registerToken(tokenId: bigint): Promise<void> {
    return this.repository.registerToken(tokenId);
  }

  // ─── reads ────────────────────────────────────────────────────────────────────────────────────────────────

  async tokenUri(tokenId: bigint): Promise<{ tokenId: string; uri: string; gatewayUrl: string | null }> {
    const contract = await this.contract();
    const uri = await this.read(() => contract.uri(tokenId));
    if (uri === '' && !(await this.repository.findToken(tokenId))) throw this.unknownToken(tokenId);
    return { tokenId: tokenId.toString(), uri, gatewayUrl: this.gatewayUrlFor(uri) };
  }

  async balance(tokenId: bigint, owner?: HexAddress) {
    const contract = await this.contract();
    await this.requireKnown(tokenId, contract);
    const who = owner ?? contract.signer;
    const balance = await this.read(() => contract.balanceOf(who, tokenId));
    return { tokenId: tokenId.toString(), owner: who, balance: balance.toString() };
  }

  async approval(tokenId: bigint, operator: HexAddress, owner?: HexAddress) {
    const contract = await this.contract();
    await this.requireKnown(tokenId, contract);
    const who = owner ?? contract.signer;
    const [allowance, approvedForAll] = await this.read(() =>
      Promise.all([contract.allowance(who, operator, tokenId), contract.isApprovedForAll(who, operator)]),
    );
    return {
      tokenId: tokenId.toString(),
      owner: who,
      operator,
      allowance: allowance.toString(),
      approvedForAll,
    };
  }

  async listTokens(limit: number, cursor?: string) {
    const after = cursor === undefined ? undefined : parseTokenCursor(cursor);
    const rows = await this.repository.listTokens(limit + 1, after);
    const page = rows.slice(0, limit);
    // Deliveries are mints too: the supply counts them with the operator's own (one record, decision 0096).
    const delivered = await this.repository.ledger.deliveredMints(page.map((row) => row.tokenId));
    const list: KnownToken[] = page.map((row) => ({
      tokenId: row.tokenId,
      uri: row.uri,
      gatewayUrl: row.uri ? this.gatewayUrlFor(row.uri) : null,
      minted: (BigInt(row.minted.split('.')[0]!) + (delivered.get(row.tokenId) ?? 0n)).toString(),
      burned: row.burned,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }));
    const signer = await this.contract().then(
      (contract) => contract.signer as string,
      () => null,
    );
    return {
      list,
      nextCursor: rows.length > limit ? page[page.length - 1]!.tokenId : null,
      contractAddress: await this.chainService.tokenAddress(),
      signer,
    };
  }

  async listOperations(limit: number, options: { cursor?: string; tokenId?: bigint }) {
    const before = options.cursor === undefined ? undefined : parseOperationCursor(options.cursor);
    const rows = await this.repository.listOperations(limit + 1, {
      ...(before ? { before } : {}),
      ...(options.tokenId !== undefined ? { tokenId: options.tokenId } : {}),
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      list: page.map(toChainOperation),
      nextCursor:
        rows.length > limit && last
          ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url')
          : null,
    };
  }

  /**
   * A wallet's holdings over the token ids Hanabi knows (one balanceOfBatch call), next to what Hanabi recorded.
   * Never fails for a chain outage: balances are then null and `chainReachable` false.
   */
  async holdingsOf(address: string | null): Promise<{ holdings: WalletHolding[]; chainReachable: boolean }> {
    if (!address) return { holdings: [], chainReachable: true };
    const recorded = await this.repository.ledger.holdingsOf(address);
    const ids = [...new Set([...(await this.repository.recentTokenIds(1000)), ...recorded.keys()])];
    if (ids.length === 0 || !(await this.chainService.tokenAddress())) {
      return { holdings: [], chainReachable: true };
    }
    let balances: bigint[] | null = null;
    try {
      const contract = await this.contract();
      balances = await contract.balancesOf(
        address as HexAddress,
        ids.map((id) => BigInt(id)),
      );
    } catch (error) {
      this.log.warn({ err: error }, 'could not read wallet balances from chain');
    }
    const uris = await this.repository.urisOf(ids);
    const holdings = ids
      .map((tokenId, index) => ({
        tokenId,
        balance: balances ? balances[index]!.toString() : null,
        recorded: (recorded.get(tokenId) ?? 0n).toString(),
        uri: uris.get(tokenId) ?? null,
      }))
      .filter((holding) => (holding.balance !== null && holding.balance !== '0') || holding.recorded !== '0')
      .sort((a, b) => (BigInt(a.tokenId) < BigInt(b.tokenId) ? -1 : 1));
    return { holdings, chainReachable: balances !== null };
  }

  /** How many wallets hold the token on Hanabi's record (confirmed deliveries and operator writes). */
  async holderCount(tokenId: string): Promise<number> {
    return this.repository.ledger.holderCount(tokenId);
  }

  /** `ipfs://<cid>[/path]` → the public gateway URL; https URIs as they are; anything else null. */
  gatewayUrlFor(uri: string): string | null {
    const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/.exec(uri);
    if (ipfs) return `${this.options.ipfsGatewayBase}/ipfs/${ipfs[1]}`;
    return /^https?:\/\//.test(uri) ? uri : null;
  }

  // ─── plumbing ─────────────────────────────────────────────────────────────────────────────────────────────

  /** The contract at the address ChainService knows (deploying it on an embedded chain that has none yet). */
  private contract(): Promise<TokenContract> {
    this.contractPromise ??= (async () => {
      const chain = await this.chain.get();
      const address = (await this.chainService.tokenAddress()) ?? (await this.chainService.ensureToken());
      const lock = this.options.signerLock;
      return new TokenContract(chain, address as HexAddress, {
        ...(lock ? { serialise: (task) => lock.run(task) } : {}),
      });
    })().catch((error: unknown) => {
      this.contractPromise = undefined;
      throw toAppError(error, this.log);
    });
    return this.contractPromise;
  }

  private async read<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw toAppError(error, this.log);
    }
  }

  /** Known = Hanabi minted it or set its URI, or it has a URI on chain. */
  private async requireKnown(tokenId: bigint, contract: TokenContract): Promise<void> {
    if (await this.repository.findToken(tokenId)) return;
    const uri = await this.read(() => contract.uri(tokenId));
    if (uri === '') throw this.unknownToken(tokenId);
  }

  /**
   * Goods have a fixed supply: copies promised to winners and distributions plus what operators minted before
   * must leave room for this mint, or it is refused (422) before anything reaches the chain.
   */
  private async requireWithinSupply(tokenId: bigint, amount: bigint): Promise<void> {
    const goods = await this.options.goodsSupply?.(tokenId);
    if (!goods) return;
    const operatorMinted = BigInt((await this.repository.findToken(tokenId))?.minted ?? '0');
    const available = BigInt(goods.supply) - BigInt(goods.promised) - operatorMinted;
    if (amount <= available) return;
    const left = available > 0n ? available : 0n;
    throw businessRule(
      'tokenSupplyCapReached',
      `Token ${tokenId} is the goods "${goods.name}" with a supply of ${goods.supply}: ${left} more can be minted, not ${amount}.`,
      [{ field: 'body.token.amount', message: `at most ${left} (supply cap)` }],
    );
  }

  private unknownToken(tokenId: bigint): AppError {
    return notFound(
      'tokenNotFound',
      `Token ${tokenId} is unknown: it was never minted by Hanabi and has no URI.`,
    );
  }

  /**
   * Simulate → send → receipt, with the history kept: a refused simulation is recorded as failed (no hash), an
   * accepted transaction as submitted (with its hash) and then confirmed, or failed if it reverted on chain.
   */
  private async write(
    operation: NewChainOperation,
    send: (contract: TokenContract, hooks: TokenWriteHooks) => Promise<TokenTxReceipt>,
  ): Promise<TokenWriteResult> {
    const contract = await this.contract();
    let operationId: string | undefined;
    let receipt: TokenTxReceipt;
    try {
      receipt = await send(contract, {
        onSubmitted: async (txHash) => {
          operationId = await this.repository.startOperation(operation, { status: 'submitted', txHash });
        },
      });
      // Recorded final only once a crash cannot take the block back (the embedded chain saves its state; 0171).
      await (await this.chain.get()).durable(receipt.blockNumber);
    } catch (error) {
      if (!operationId && error instanceof ChainError) {
        await this.repository
          .startOperation(operation, { status: 'failed', error: chainMessage(error) })
          .catch((failure: unknown) => this.log.error({ err: failure }, 'could not record a failed write'));
      }
      throw toAppError(error, this.log);
    }
    const id = operationId!;
    if (receipt.status !== 'success') {
      const message = `${operation.kind} reverted on chain in transaction ${receipt.txHash}`;
      await this.repository.failOperation(id, message, receipt);
      throw businessRule('chainRefused', message);
    }
    await this.repository.confirmOperation(id, receipt, operation);
    this.log.info(
      { kind: operation.kind, tokenId: operation.tokenId.toString(), txHash: receipt.txHash },
      'token write confirmed',
    );
    return {
      txHash: receipt.txHash,
      blockNumber: Number(receipt.blockNumber),
      status: 'confirmed',
      operationId: id,
    };
  }
}

function parseTokenCursor(cursor: string): bigint {
  if (!/^\d{1,78}$/.test(cursor)) throw badCursor();
  return BigInt(cursor);
}

function parseOperationCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (typeof id !== 'string' || Number.isNaN(date.getTime())) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw badCursor();
  }
}

function badCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'Some fields are not valid: query.cursor.', [
    { field: 'query.cursor', message: 'is not a cursor this list handed out' },
  ]);
}

function toChainOperation(row: ChainOperationWithUser): ChainOperation {
  return {
    id: row.id,
    kind: row.kind,
    tokenId: row.tokenId,
    from: row.fromAddress,
    to: row.toAddress,
    amount: row.amount,
    uri: row.uri,
    txHash: row.txHash,
    status: row.status,
    blockNumber: row.blockNumber,
    gasUsed: row.gasUsed,
    error: row.error,
    requestedBy: row.requestedBy ? { id: row.requestedBy, name: row.requesterName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

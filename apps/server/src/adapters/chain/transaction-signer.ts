import {
  getAddress,
  numberToHex,
  parseTransaction,
  recoverTransactionAddress,
  type Address,
  type Hex,
  type LocalAccount,
  type TransactionSerializable,
} from 'viem';
import { privateKeyToAccount, toAccount } from 'viem/accounts';
import { ChainError } from './chain.adapter.ts';

/**
 * Who signs the server's transactions. The delivery engine and the token tools only ever ask for a signed raw
 * transaction, so the key can live in this process (a local key), in a separate signing service (a remote
 * signer speaking JSON-RPC `eth_signTransaction`, as Web3Signer or Clef do), or nowhere (an api process that only
 * reads: every signature is refused with a clear error).
 */
export interface TransactionSigner {
  readonly kind: 'local' | 'remote' | 'none';
  readonly address: Address;
  /** A signed, serialised transaction (what `eth_sendRawTransaction` takes). */
  signTransaction(tx: TransactionSerializable): Promise<Hex>;
}

/** The key held in this process's memory (read from CHAIN_SIGNER_KEY or its file). */
export function localSigner(key: Hex): TransactionSigner {
  const account = privateKeyToAccount(key);
  return {
    kind: 'local',
    address: account.address,
    signTransaction: (tx) => account.signTransaction(tx),
  };
}

/** No key here: reads work (the address is known), every signature fails with a ChainError that says why. */
export function noSigner(address: Address): TransactionSigner {
  return {
    kind: 'none',
    address: getAddress(address),
    signTransaction: () =>
      Promise.reject(
        new ChainError(
          'permanent',
          'this process has no signer (HANABI_ROLE=api never loads the key); sign in a worker, or set CHAIN_SIGNER_URL to a remote signer',
        ),
      ),
  };
}

export interface RemoteSignerOptions {
  /** The signer's JSON-RPC endpoint (may carry credentials: it is never logged or put in an error). */
  url: string;
  /** The account to sign with; unset = the first of `eth_accounts`. */
  address?: Address;
  timeoutMs?: number;
}

/**
 * A Web3Signer-style remote signer. Its answer is not trusted blindly: the raw transaction is decoded and must be
 * the one asked for (same fields) and signed by the expected address, or it is refused before any broadcast —
 * a misconfigured or compromised signer cannot swap the recipient, the nonce or the fee.
 */
export async function remoteSigner(options: RemoteSignerOptions): Promise<TransactionSigner> {
  const rpc = new SignerRpc(options.url, options.timeoutMs ?? 15_000);
  const accounts = (await rpc.call<string[]>('eth_accounts', [])).map((a) => getAddress(a));
  const address = options.address ? getAddress(options.address) : accounts[0];
  if (!address)
    throw new ChainError('permanent', 'the remote signer holds no account (eth_accounts is empty)');
  if (!accounts.includes(address)) {
    throw new ChainError('permanent', `the remote signer does not hold ${address} (CHAIN_SIGNER_ADDRESS)`);
  }
  return {
    kind: 'remote',
    address,
    async signTransaction(tx) {
      const raw = await rpc.call<Hex>('eth_signTransaction', [toRpcTransaction(address, tx)]);
      if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]+$/.test(raw)) {
        throw new ChainError(
          'permanent',
          'the remote signer answered eth_signTransaction without a raw transaction',
        );
      }
      await assertSignedAsAsked(raw, tx, address);
      return raw;
    },
  };
}

/** viem's account shape around any signer: what wallet clients and `account.signTransaction` callers use. */
export function signerAccount(signer: TransactionSigner): LocalAccount {
  const unsupported = (what: string) => () =>
    Promise.reject(new ChainError('permanent', `the server signer does not sign ${what}`));
  return toAccount({
    address: signer.address,
    signTransaction: (tx) => signer.signTransaction(tx as TransactionSerializable),
    signMessage: unsupported('messages'),
    signTypedData: unsupported('typed data'),
  });
}

// ─── the remote signer's wire format ─────────────────────────────────────────────────────────────────────────

const hexOrUndefined = (value: bigint | number | undefined) =>
  value === undefined ? undefined : numberToHex(value);

/** The JSON-RPC transaction object (quantities as hex), as `eth_signTransaction` takes it. */
function toRpcTransaction(from: Address, tx: TransactionSerializable): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    from,
    to: tx.to ?? undefined,
    data: tx.data,
    value: numberToHex(tx.value ?? 0n),
    nonce: hexOrUndefined(tx.nonce),
    gas: hexOrUndefined(tx.gas),
    chainId: hexOrUndefined(tx.chainId),
  };
  if (tx.maxFeePerGas !== undefined) {
    fields.type = '0x2';
    fields.maxFeePerGas = numberToHex(tx.maxFeePerGas);
    fields.maxPriorityFeePerGas = numberToHex(tx.maxPriorityFeePerGas ?? 0n);
  } else if (tx.gasPrice !== undefined) {
    fields.gasPrice = numberToHex(tx.gasPrice);
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** The fields that decide what a transaction does and costs: all must come back as asked. */
const CHECKED = [
  'to',
  'data',
  'value',
  'nonce',
  'gas',
  'chainId',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'gasPrice',
] as const;

async function assertSignedAsAsked(raw: Hex, asked: TransactionSerializable, signer: Address): Promise<void> {
  let decoded: ReturnType<typeof parseTransaction>;
  let from: Address;
  try {
    decoded = parseTransaction(raw);
    from = await recoverTransactionAddress({ serializedTransaction: raw as never });
  } catch (error) {
    throw new ChainError('permanent', 'the remote signer answered a transaction that does not decode', {
      cause: error,
    });
  }
  if (getAddress(from) !== signer) {
    throw new ChainError('permanent', `the remote signer signed as ${from}, not ${signer}`);
  }
  const norm = (field: (typeof CHECKED)[number], value: unknown) => {
    if (value === undefined || value === null) return field === 'value' ? '0' : field === 'data' ? '0x' : '';
    if (typeof value === 'bigint' || typeof value === 'number') return BigInt(value).toString();
    return String(value).toLowerCase();
  };
  const got = decoded as Record<string, unknown>;
  const wanted = asked as Record<string, unknown>;
  for (const field of CHECKED) {
    if (norm(field, got[field]) !== norm(field, wanted[field])) {
      throw new ChainError(
        'permanent',
        `the remote signer changed the transaction's ${field}; nothing was sent`,
      );
    }
  }
}

class SignerRpc {
  private nextId = 1;
  /** For messages: the host only, never the path or credentials a URL may carry. */
  private readonly where: string;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {
    this.where = new URL(url).host;
  }

  async call<T>(method: string, params: unknown[]): Promise<T> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new ChainError('retryable', `remote signer ${this.where} did not answer ${method}`, {
        cause: error,
      });
    }
    if (response.status === 429) {
      throw new ChainError('rate-limited', `remote signer ${this.where} is rate limiting`);
    }
    if (!response.ok) {
      const kind = response.status >= 500 ? 'retryable' : 'permanent';
      throw new ChainError(kind, `remote signer ${this.where} answered HTTP ${response.status} to ${method}`);
    }
    let body: { result?: T; error?: { code?: number; message?: string } };
    try {
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new ChainError('retryable', `remote signer ${this.where} answered ${method} with no JSON`, {
        cause: error,
      });
    }
    if (body.error) {
      const said = String(body.error.message ?? 'error').slice(0, 200);
      throw new ChainError('permanent', `remote signer ${this.where} refused ${method}: ${said}`);
    }
    if (body.result === undefined) {
      throw new ChainError('permanent', `remote signer ${this.where} answered ${method} without a result`);
    }
    return body.result;
  }
}

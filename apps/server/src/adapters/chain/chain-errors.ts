import {
  BaseError,
  ContractFunctionRevertedError,
  HttpRequestError,
  InsufficientFundsError,
  NonceTooHighError,
  NonceTooLowError,
  RpcRequestError,
  TimeoutError,
  TransactionRejectedRpcError,
} from 'viem';
import { ChainError } from './chain.adapter.ts';

/** Turns whatever viem threw into a ChainError whose kind tells the caller whether to retry, renumber or stop. */
export function mapChainError(error: unknown, action: string): ChainError {
  if (error instanceof ChainError) return error;
  // Our own signer's refusal (no key in this process, a remote signer's answer refused) comes back wrapped by viem.
  const ours = causeChain(error).find((cause): cause is ChainError => cause instanceof ChainError);
  if (ours) return ours;
  if (!(error instanceof BaseError)) {
    return new ChainError('retryable', `${action}: ${(error as Error)?.message ?? String(error)}`, {
      cause: error,
    });
  }
  const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (revert instanceof ContractFunctionRevertedError) {
    const reason = revert.data?.errorName ?? revert.reason ?? 'reverted without a reason';
    const args = revert.data?.args?.length ? `(${revert.data.args.map(String).join(', ')})` : '';
    return new ChainError('reverted', `${action} reverted: ${reason}${args}`, {
      cause: error,
      revertReason: reason,
    });
  }
  if (error.walk((cause) => cause instanceof NonceTooLowError || cause instanceof NonceTooHighError)) {
    return new ChainError('nonce', `${action}: nonce out of order`, { cause: error });
  }
  if (error.walk((cause) => cause instanceof InsufficientFundsError)) {
    return new ChainError('permanent', `${action}: the signer cannot pay for gas`, { cause: error });
  }
  const http = error.walk((cause) => cause instanceof HttpRequestError);
  if (http instanceof HttpRequestError && http.status === 429) {
    return new ChainError('rate-limited', `${action}: the RPC endpoint is rate limiting`, { cause: error });
  }
  if (
    http instanceof HttpRequestError &&
    http.status !== undefined &&
    http.status >= 400 &&
    http.status < 500
  ) {
    return new ChainError('permanent', `${action}: RPC answered HTTP ${http.status}`, { cause: error });
  }
  if (error.walk((cause) => cause instanceof TransactionRejectedRpcError)) {
    return new ChainError('permanent', `${action}: the node rejected the transaction`, { cause: error });
  }
  if (error.walk((cause) => cause instanceof TimeoutError || cause instanceof HttpRequestError)) {
    return new ChainError('retryable', `${action}: the RPC endpoint did not answer`, { cause: error });
  }
  if (error.walk((cause) => cause instanceof RpcRequestError)) {
    return new ChainError('retryable', `${action}: ${error.shortMessage}`, { cause: error });
  }
  return new ChainError('permanent', `${action}: ${error.shortMessage}`, { cause: error });
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cause = error; cause && chain.length < 20; cause = (cause as { cause?: unknown }).cause) {
    chain.push(cause);
  }
  return chain;
}

import { ChainError } from '../../adapters/chain/index.ts';
import { TxNotConfirmedError } from '../../adapters/chain/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Logger } from '../../logger.ts';

export const CHAIN_UNREACHABLE = 'The chain is not reachable; try again.';

/** The adapter's message without its `chain: ` system prefix. */
export function chainMessage(error: ChainError): string {
  return error.message.replace(/^chain: /, '');
}

/**
 * What a client sees when a chain call fails:
 * - the contract refused (simulation or receipt) → 422 with the custom error name and arguments;
 * - sent but not confirmed in time → 503 naming the transaction (it may still be mined);
 * - anything else (node down, rate limited, nonce race, no gas money, no contract) → 503.
 */
export function toAppError(error: unknown, log: Logger): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof TxNotConfirmedError) {
    return new AppError(
      'UNAVAILABLE',
      `Transaction ${error.txHash} was sent but not confirmed in time; it may still be mined (see the operations history).`,
    );
  }
  if (error instanceof ChainError) {
    if (error.chainKind === 'reverted')
      return new AppError('BUSINESS_RULE', chainMessage(error), undefined, 'chainRefused');
    if (error.chainKind === 'permanent') {
      log.error({ err: error }, 'the chain refused a request');
      return new AppError('UNAVAILABLE', `The chain refused the request: ${chainMessage(error)}`);
    }
    log.warn({ err: error }, 'chain call failed');
    return new AppError('UNAVAILABLE', CHAIN_UNREACHABLE);
  }
  log.error({ err: error }, 'chain unavailable');
  return new AppError('UNAVAILABLE', CHAIN_UNREACHABLE);
}

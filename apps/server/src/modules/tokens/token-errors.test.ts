import { describe, expect, it } from 'vitest';
import { ChainError } from '../../adapters/chain/index.ts';
import { TxNotConfirmedError } from '../../adapters/chain/token-contract.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLogger } from '../../logger.ts';
import { loadConfig } from '../../config.ts';
import { CHAIN_UNREACHABLE, toAppError } from './token-errors.ts';

const log = createLogger(loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }));

describe('chain errors as API errors', () => {
  it('turns a revert into 422 with its reason and arguments', () => {
    const error = toAppError(
      new ChainError('reverted', 'burn reverted: ERC1155InsufficientBalance(0xabc, 0, 5, 1)', {
        revertReason: 'ERC1155InsufficientBalance',
      }),
      log,
    );
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe('burn reverted: ERC1155InsufficientBalance(0xabc, 0, 5, 1)');
  });

  it('answers 503 for an unreachable, rate-limited or confused node', () => {
    for (const kind of ['retryable', 'rate-limited', 'nonce'] as const) {
      const error = toAppError(new ChainError(kind, 'read: the RPC endpoint did not answer'), log);
      expect(error.statusCode).toBe(503);
      expect(error.message).toBe(CHAIN_UNREACHABLE);
    }
    expect(toAppError(new Error('spawn anvil ENOENT'), log).message).toBe(CHAIN_UNREACHABLE);
    const permanent = toAppError(new ChainError('permanent', 'mint: the signer cannot pay for gas'), log);
    expect(permanent.statusCode).toBe(503);
    expect(permanent.message).toContain('cannot pay for gas');
  });

  it('names the transaction that was sent but not confirmed', () => {
    const hash = `0x${'ab'.repeat(32)}` as const;
    const error = toAppError(new TxNotConfirmedError(hash, new ChainError('retryable', 'timeout')), log);
    expect(error.statusCode).toBe(503);
    expect(error.message).toContain(hash);
  });

  it('passes AppErrors through', () => {
    const original = new AppError('NOT_FOUND', 'Token 9 is unknown', undefined, 'tokenNotFound');
    expect(toAppError(original, log)).toBe(original);
  });
});

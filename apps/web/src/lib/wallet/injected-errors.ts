/**
 * What went wrong with an injected (extension) wallet, in the original's terms (docs/original-spec.md §5 and §8): no account,
 * or "log in to the wallet extension".
 */
export type InjectedWalletProblem =
  /** No extension wallet in this browser at all. */
  | 'noWallet'
  /** The extension answered without any account (locked, or no account created): log in to it. */
  | 'noAccount'
  /** The extension is already showing a request: open it and answer there. */
  | 'pending'
  /** The person declined in the extension. */
  | 'rejected'
  /** The extension cannot switch to (or add) the network. */
  | 'switchUnsupported'
  | 'unknown';

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

function walk(error: unknown): ErrorLike[] {
  const chain: ErrorLike[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    chain.push(current as ErrorLike);
    current = (current as ErrorLike).cause;
  }
  return chain;
}

export function classifyInjectedError(error: unknown): InjectedWalletProblem {
  const chain = walk(error);
  const has = (test: (e: ErrorLike) => boolean) => chain.some(test);
  if (has((e) => e.code === 4001 || e.name === 'UserRejectedRequestError')) return 'rejected';
  if (has((e) => e.code === -32002 || e.name === 'ResourceUnavailableRpcError')) return 'pending';
  if (has((e) => e.name === 'ProviderNotFoundError' || e.name === 'ConnectorNotFoundError'))
    return 'noWallet';
  if (
    has(
      (e) =>
        e.name === 'ConnectorAccountNotFoundError' ||
        e.name === 'NoAccountsError' ||
        e.code === 4100 /* unauthorized: locked */,
    )
  ) {
    return 'noAccount';
  }
  if (has((e) => e.code === 4902 || e.name === 'SwitchChainNotSupportedError' || e.code === 4200)) {
    return 'switchUnsupported';
  }
  return 'unknown';
}

/** The extension answered, but with no account. */
export class NoAccountsError extends Error {
  override readonly name = 'NoAccountsError';
  constructor() {
    super('The wallet extension gave no account.');
  }
}

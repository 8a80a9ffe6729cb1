import { describe, expect, it } from 'vitest';
import { classifyInjectedError, NoAccountsError } from './injected-errors';
import { isExpectedNetwork, networkLabel, networkName } from './networks';

describe('networks', () => {
  it('names the original ids and the current ones; any other id has no name', () => {
    expect(networkName(1)).toBe('mainnet');
    expect(networkName(3)).toBe('ropsten');
    expect(networkName(4)).toBe('rinkeby');
    expect(networkName(31337)).toBe('local');
    expect(networkName(11155111)).toBe('sepolia');
    expect(networkName(999)).toBeNull();
    expect(networkLabel(999)).toBe('chain 999');
  });

  it('prompts a change for every id but the configured one', () => {
    expect(isExpectedNetwork(31337, 31337)).toBe(true);
    expect(isExpectedNetwork(1, 31337)).toBe(false);
    expect(isExpectedNetwork(undefined, 31337)).toBe(false);
  });
});

describe('extension wallet problems', () => {
  it.each([
    [{ code: 4001, message: 'User rejected' }, 'rejected'],
    [{ name: 'UserRejectedRequestError' }, 'rejected'],
    [{ code: -32002 }, 'pending'],
    [{ name: 'ProviderNotFoundError' }, 'noWallet'],
    [new NoAccountsError(), 'noAccount'],
    [{ name: 'ConnectorAccountNotFoundError' }, 'noAccount'],
    [{ code: 4100 }, 'noAccount'],
    [{ code: 4902 }, 'switchUnsupported'],
    [{ name: 'Wrapper', cause: { code: 4001 } }, 'rejected'],
    [new Error('boom'), 'unknown'],
  ])('%o → %s', (error, expected) => {
    expect(classifyInjectedError(error)).toBe(expected);
  });
});

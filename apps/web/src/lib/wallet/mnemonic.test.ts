import { english } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  MNEMONIC_WORD_COUNT,
  checkBackupChallenge,
  createMnemonic,
  mnemonicWords,
  pickBackupChallenge,
  walletFromMnemonic,
} from './mnemonic';

describe('recovery phrase', () => {
  it('has 12 English BIP-39 words (16 random bytes) and is new every time', () => {
    expect(MNEMONIC_WORD_COUNT).toBe(12);
    const first = createMnemonic();
    const words = mnemonicWords(first);
    expect(words).toHaveLength(12);
    for (const word of words) expect(english).toContain(word);
    expect(createMnemonic()).not.toBe(first);
  });

  it('derives the standard first account (m/44’/60’/0’/0/0)', () => {
    // The well-known development phrase of Hardhat/Anvil and its first account.
    const wallet = walletFromMnemonic('test test test test test test test test test test test junk');
    expect(wallet.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(wallet.privateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
  });

  it('picks three distinct positions to ask back, in order', () => {
    for (let round = 0; round < 50; round += 1) {
      const picked = pickBackupChallenge();
      expect(picked).toHaveLength(3);
      expect(new Set(picked).size).toBe(3);
      expect([...picked].sort((a, b) => a - b)).toEqual(picked);
      for (const index of picked) expect(index).toBeGreaterThanOrEqual(0);
      for (const index of picked) expect(index).toBeLessThan(12);
    }
  });

  it('checks the words asked back, ignoring case and spaces', () => {
    const phrase = 'test test test test test test test test test test test junk';
    expect(checkBackupChallenge(phrase, [{ index: 11, word: ' Junk ' }])).toBe(true);
    expect(
      checkBackupChallenge(phrase, [
        { index: 0, word: 'test' },
        { index: 11, word: 'test' },
      ]),
    ).toBe(false);
    expect(checkBackupChallenge(phrase, [])).toBe(false);
  });
});

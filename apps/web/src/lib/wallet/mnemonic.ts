/**
 * The browser wallet's recovery phrase: BIP-39 from 16 random bytes (docs/original-spec.md §9) → 12 English words,
 * and the first account of the standard Ethereum path (m/44'/60'/0'/0/0) derived from it.
 */
import { WALLET } from '@hanabi/api';
import { english, generateMnemonic, mnemonicToAccount } from 'viem/accounts';
import { bytesToHex } from 'viem';

export const MNEMONIC_WORD_COUNT = (WALLET.mnemonicEntropyBytes * 8 * 33) / 32 / 11; // 128 bits → 12 words

/** A fresh recovery phrase: 16 bytes from the browser's CSPRNG, 12 words. */
export function createMnemonic(): string {
  return generateMnemonic(english, WALLET.mnemonicEntropyBytes * 8);
}

export function mnemonicWords(mnemonic: string): string[] {
  return mnemonic.trim().split(/\s+/);
}

/** The address and private key of the phrase's first account. */
export function walletFromMnemonic(mnemonic: string): {
  address: `0x${string}`;
  privateKey: `0x${string}`;
  mnemonic: string;
} {
  const normalised = mnemonicWords(mnemonic).join(' ');
  const account = mnemonicToAccount(normalised);
  const key = account.getHdKey().privateKey;
  if (!key) throw new Error('The recovery phrase did not give a private key.');
  return { address: account.address, privateKey: bytesToHex(key), mnemonic: normalised };
}

/** `count` distinct word positions (0-based, ascending) to ask back when confirming the backup. */
export function pickBackupChallenge(
  count = 3,
  total = MNEMONIC_WORD_COUNT,
  random: (max: number) => number = secureRandomInt,
): number[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, total)) picked.add(random(total));
  return [...picked].sort((a, b) => a - b);
}

function secureRandomInt(max: number): number {
  // Rejection sampling keeps every position equally likely.
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % max;
  }
}

/** Whether the typed words match the phrase at the asked positions (case and surrounding spaces ignored). */
export function checkBackupChallenge(
  mnemonic: string,
  answers: ReadonlyArray<{ index: number; word: string }>,
): boolean {
  const words = mnemonicWords(mnemonic);
  return (
    answers.length > 0 &&
    answers.every(
      ({ index, word }) => words[index] !== undefined && words[index] === word.trim().toLowerCase(),
    )
  );
}

/**
 * Which kind of wallet an account's address is, as far as this browser knows: a browser wallet stored here
 * (encrypted, in IndexedDB), an extension wallet connected here (its name remembered in localStorage — an address
 * is public, so this holds nothing secret), or neither (another device, or an address typed elsewhere).
 */
import { getWalletRecord } from './wallet-store';

const INJECTED_KEY = 'hanabi.injectedWallets';

export type WalletKind = { kind: 'browser' } | { kind: 'injected'; walletName: string } | { kind: 'unknown' };

function readInjected(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(INJECTED_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function rememberInjectedWallet(address: string, walletName: string): void {
  try {
    const known = readInjected();
    known[address.toLowerCase()] = walletName;
    globalThis.localStorage?.setItem(INJECTED_KEY, JSON.stringify(known));
  } catch {
    // storage blocked: the kind shows as unknown
  }
}

export function injectedWalletName(address: string): string | null {
  return readInjected()[address.toLowerCase()] ?? null;
}

export async function walletKindOf(address: string): Promise<WalletKind> {
  const record = await getWalletRecord(address).catch(() => null);
  if (record) return { kind: 'browser' };
  const walletName = injectedWalletName(address);
  return walletName ? { kind: 'injected', walletName } : { kind: 'unknown' };
}

export { continuedHere, rememberContinued } from './wallet-continued';

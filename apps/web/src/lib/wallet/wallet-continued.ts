// No viem or IndexedDB here: the wallet-step gate sits in every page's first load and reads only this.

const CONTINUED_KEY = 'hanabi.walletContinued';

/**
 * The person chose "continue" for this address on this browser (the address stays on the account; signing waits
 * until the wallet is restored here), so the returning-browser wallet step is not shown again for it.
 */
export function rememberContinued(address: string): void {
  try {
    const known = JSON.parse(globalThis.localStorage?.getItem(CONTINUED_KEY) ?? '[]') as unknown;
    const list = Array.isArray(known) ? known.filter((item): item is string => typeof item === 'string') : [];
    if (!list.includes(address.toLowerCase())) list.push(address.toLowerCase());
    globalThis.localStorage?.setItem(CONTINUED_KEY, JSON.stringify(list));
  } catch {
    // storage blocked: the step shows again next time
  }
}

export function continuedHere(address: string): boolean {
  try {
    const known = JSON.parse(globalThis.localStorage?.getItem(CONTINUED_KEY) ?? '[]') as unknown;
    return Array.isArray(known) && known.includes(address.toLowerCase());
  } catch {
    return false;
  }
}

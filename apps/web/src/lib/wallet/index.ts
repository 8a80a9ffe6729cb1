/** The browser wallet: recovery phrase, encryption at rest, IndexedDB storage; extension wallets live in `injected-wallet.ts` (loaded lazily). */
export * from './mnemonic';
export * from './wallet-crypto';
export * from './wallet-store';
export * from './wallet-kind';
export * from './networks';
export * from './injected-errors';
export * from './wallet-sign';

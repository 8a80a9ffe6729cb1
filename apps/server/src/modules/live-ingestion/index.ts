// The public face of `modules/live-ingestion`: what other folders may import from it (decision 0181); the rest is its own.
export { toLiveStream } from './live-stream.mapper.ts';
export { registerLiveRoutes, wireLive } from './live.wiring.ts';
export type { LiveWiring } from './live.wiring.ts';
export { YouTubeQuotaLedger } from './youtube-quota-ledger.ts';

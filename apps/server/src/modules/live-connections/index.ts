// The public face of `modules/live-connections`: what other folders may import from it (decision 0181); the rest is its own.
export { toConnection } from './live-connections.service.ts';

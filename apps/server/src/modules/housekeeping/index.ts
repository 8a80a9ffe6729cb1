// The public face of `modules/housekeeping`: what other folders may import from it (decision 0181); the rest is its own.
export { wireHousekeeping } from './housekeeping.wiring.ts';

// The public face of `modules/dev-mailbox`: what other folders may import from it (decision 0181); the rest is its own.
export { registerDevMailboxRoutes } from './dev-mailbox.routes.ts';

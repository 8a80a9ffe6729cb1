// The public face of `modules/sandbox`: what other folders may import from it (decision 0181); the rest is its own.
export { registerSandboxRoutes } from './sandbox.routes.ts';
export type { SandboxStore } from './sandbox.store.ts';
export { wireSandbox } from './sandbox.wiring.ts';

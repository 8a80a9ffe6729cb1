import type { AppConfig } from '../../config.ts';
import { MemorySandboxStore, type SandboxStore } from './sandbox.store.ts';

/** The fake live platforms' state: only when config.live.sandbox (then /sandbox/… is mounted), else null. */
export function wireSandbox(ports: { config: AppConfig }): { store: SandboxStore | null } {
  const { config } = ports;
  return { store: config.live.sandbox ? new MemorySandboxStore(config.publicOrigin) : null };
}

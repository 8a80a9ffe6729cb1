import type { Container } from '../container.ts';

/** One feature's part of the demo seed: idempotent, run through the real services in the order listed. */
export interface SeedStep {
  name: string;
  run(container: Container): Promise<void>;
}

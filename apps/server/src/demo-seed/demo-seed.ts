import { eq } from 'drizzle-orm';
import type { Container } from '../container.ts';
import type { SeedStep } from './seed-step.ts';
import { appSetting } from '../db/schema.ts';
import { identitySeedStep } from './identity.seed.ts';
import { goodsCampaignsSeedStep } from './campaigns.seed.ts';
import { audienceSeedStep } from './audience.seed.ts';
import { manualDistributionSeedStep } from './manual-distribution.seed.ts';
import { resultsSeedStep } from './draws.seed.ts';

/**
 * The demo seed: one step per feature, each idempotent. Later features append steps (demo users, goods,
 * campaigns, …). The version lets a newer seed add what an older one did not, without duplicating anything.
 */
export const SEED_VERSION = 6;
const SEED_KEY = 'demo.seed';

export const seedSteps: SeedStep[] = [
  identitySeedStep,
  goodsCampaignsSeedStep,
  audienceSeedStep,
  manualDistributionSeedStep,
  resultsSeedStep,
];

export async function readSeedState(
  container: Container,
): Promise<{ version: number; seededAt: string } | null> {
  const [row] = await container.database.db.select().from(appSetting).where(eq(appSetting.key, SEED_KEY));
  return (row?.value as { version: number; seededAt: string } | undefined) ?? null;
}

/** Runs the demo seed when it has not run at this version; returns whether it ran. */
export async function seedDemo(container: Container, options: { force?: boolean } = {}): Promise<boolean> {
  const state = await readSeedState(container);
  if (!options.force && state && state.version >= SEED_VERSION) return false;
  for (const step of seedSteps) {
    container.log.info({ step: step.name }, 'demo seed step');
    await step.run(container);
  }
  const value = { version: SEED_VERSION, seededAt: new Date().toISOString() };
  await container.database.db
    .insert(appSetting)
    .values({ key: SEED_KEY, value })
    .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: new Date() } });
  return true;
}

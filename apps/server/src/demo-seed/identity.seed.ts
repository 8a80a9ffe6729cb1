import type { UserType } from '@hanabi/api';
import type { SeedStep } from './seed-step.ts';
import type { Container } from '../container.ts';

/** The demo people. Each signs in with an e-mail link from the dev mailbox (`/api/dev/mailbox`). */
export const DEMO_USERS: {
  email: string;
  name: string;
  type: UserType;
  role: 'user' | 'operator';
  bio: string;
  /**
   * The streamer and the operator come with a wallet address (decision 0065), so a fresh browser offers them
   * "continue" rather than a new recovery phrase. Made from public seeds, so they are demo addresses only.
   */
  walletAddress?: string;
}[] = [
  {
    email: 'streamer@demo.hanabi.local',
    name: 'デモ配信者 はなび',
    type: 'streamer',
    role: 'user',
    bio: '毎週金曜の夜に配信しています。プレゼント企画も開催中！',
    walletAddress: '0x3ab81CB79dB9Db625410406AC877c3b3b2459d69',
  },
  {
    email: 'audience@demo.hanabi.local',
    name: 'デモ視聴者 さくら',
    type: 'audience',
    role: 'user',
    bio: '配信を見るのが好きです。',
  },
  {
    email: 'operator@demo.hanabi.local',
    name: 'デモ運営 たかし',
    type: 'streamer',
    role: 'operator',
    bio: 'Hanabi の運営担当です。',
    walletAddress: '0xdDc0aAA309B9c3C25770904E8C8AFFd0270bf9a4',
  },
];

/** Identities (better-auth users with e-mail sign-in) and Hanabi users for the demo people. Idempotent. */
export const identitySeedStep: SeedStep = {
  name: 'identity: demo streamer, audience member and operator',
  async run(container) {
    const { identities, accounts } = container.repositories;
    for (const demo of DEMO_USERS) {
      const authUserId = await identities.ensureEmailIdentity({ email: demo.email, name: demo.name });
      const existing = await accounts.findByAuthUserId(authUserId);
      if (existing) {
        if (existing.role !== demo.role) await accounts.update(existing.id, { role: demo.role });
        // Older demo data: give the address only where none was chosen since.
        if (demo.walletAddress && !existing.walletAddress) {
          await accounts.update(existing.id, { walletAddress: demo.walletAddress });
        }
        continue;
      }
      await accounts.create({
        authUserId,
        type: demo.type,
        role: demo.role,
        name: demo.name,
        bio: demo.bio,
        locale: 'ja',
        walletAddress: demo.walletAddress ?? null,
      });
    }
  },
};

/** The Hanabi user id of the demo streamer or audience member (null before the identity step ran). */
export async function demoUserId(container: Container, type: UserType): Promise<string | null> {
  const demo = DEMO_USERS.find((user) => user.type === type && user.role === 'user')!;
  const authUserId = await container.repositories.identities.ensureEmailIdentity({
    email: demo.email,
    name: demo.name,
  });
  return (await container.repositories.accounts.findByAuthUserId(authUserId))?.id ?? null;
}

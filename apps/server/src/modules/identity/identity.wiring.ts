import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { AuthGateway } from './auth-gateway.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { createAuth } from './auth.ts';
import { IdentityRepository } from './identity.repository.ts';
import { LinkBindings } from './link-binding.ts';

/**
 * better-auth and what stands around it: the auth secret (also the key platform tokens are sealed with), the
 * identities, sign-in links bound to the asking browser and the gateway the account calls go through. Sessions
 * are resolved to Hanabi users by the account module, which owns them (`wireAccount`).
 */
export async function wireIdentity(ports: { config: AppConfig; db: Db; mailer: Mailer; log: Logger }) {
  const { config, db } = ports;
  const authSecret = await resolveAuthSecret(config, db);
  const identities = new IdentityRepository(db);
  const linkBindings = new LinkBindings(db, {
    ttlSeconds: config.auth.magicLinkTtlSeconds,
    maxAttempts: config.auth.linkCodeMaxAttempts,
  });
  const auth = createAuth({
    config,
    db,
    secret: authSecret,
    mailer: ports.mailer,
    identities,
    linkBindings,
    log: ports.log,
  });
  return {
    auth,
    authSecret,
    repositories: { identities },
    services: { authGateway: new AuthGateway(auth, config), linkBindings },
  };
}

export type IdentityWiring = Awaited<ReturnType<typeof wireIdentity>>;

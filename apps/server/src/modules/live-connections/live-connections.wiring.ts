import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import type { LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { ConnectionTokens } from './connection-tokens.ts';
import { LiveConnectionsRepository } from './live-connections.repository.ts';
import { LiveConnectionsService, type HeldPrizes } from './live-connections.service.ts';

/**
 * Platform connections: OAuth for identity and chat reading, tokens sealed with a key derived from the auth
 * secret, and `tokens` (a fresh access token for a connection) for the chat readers.
 */
export function wireLiveConnections(ports: {
  config: AppConfig;
  db: Db;
  log: Logger;
  /** The auth secret: platform tokens are sealed with a key derived from it. */
  authSecret: string;
  heldPrizes: HeldPrizes;
  platforms: LivePlatformRegistry;
}) {
  const { config, log, platforms } = ports;
  const repository = new LiveConnectionsRepository(ports.db);
  const box = new SecretBox(ports.authSecret);
  return {
    repositories: { liveConnections: repository },
    services: {
      liveConnections: new LiveConnectionsService(
        repository,
        platforms,
        box,
        ports.heldPrizes,
        { publicOrigin: config.publicOrigin, secureCookies: config.auth.secureCookies },
        log,
      ),
    },
    tokens: new ConnectionTokens(repository, box, platforms, log),
  };
}

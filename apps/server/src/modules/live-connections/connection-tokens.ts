import {
  isLiveAdapterError,
  type LivePlatformRegistry,
  type PlatformTokens,
} from '../../adapters/live-chat/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Logger } from '../../logger.ts';
import type { LiveConnectionsRepository, PlatformConnectionRow } from './live-connections.repository.ts';

/** Refresh a little before Google's stated expiry, so a call does not race the clock. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * Hands out a connection's access token for one platform call. YouTube tokens last an hour: an expired one, or
 * a 401 (`refreshToken`), is refreshed once with the stored refresh token and the call retried. When the
 * platform refuses the grant itself (`reauthorize`: revoked, or TwitCasting's dead token) the connection is
 * marked revoked so the user is asked to connect again, and the error goes on to the caller.
 */
export class ConnectionTokens {
  constructor(
    private readonly connections: LiveConnectionsRepository,
    private readonly box: SecretBox,
    private readonly platforms: LivePlatformRegistry,
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async withAccessToken<T>(
    connection: PlatformConnectionRow,
    call: (accessToken: string) => Promise<T>,
  ): Promise<T> {
    let accessToken = this.box.open(connection.accessTokenEncrypted);
    let refreshed = false;
    const refresh = this.platforms.get(connection.platform).oauth.refresh;
    const canRefresh = refresh !== undefined && connection.refreshTokenEncrypted !== null;
    try {
      if (
        canRefresh &&
        connection.expiresAt &&
        connection.expiresAt.getTime() - EXPIRY_MARGIN_MS <= this.clock().getTime()
      ) {
        accessToken = await this.refresh(connection, refresh);
        refreshed = true;
      }
      try {
        return await call(accessToken);
      } catch (error) {
        if (!canRefresh || refreshed || !isLiveAdapterError(error, 'refreshToken')) throw error;
        accessToken = await this.refresh(connection, refresh);
        return await call(accessToken);
      }
    } catch (error) {
      if (isLiveAdapterError(error, 'reauthorize') || isLiveAdapterError(error, 'refreshToken')) {
        await this.connections.markRevoked(connection.id, this.clock());
        this.log.info(
          { connectionId: connection.id, platform: connection.platform, reason: error.reason },
          'platform refused the stored token; the user must connect again',
        );
      }
      throw error;
    }
  }

  private async refresh(
    connection: PlatformConnectionRow,
    refresh: (refreshToken: string) => Promise<PlatformTokens>,
  ): Promise<string> {
    const tokens = await refresh(this.box.open(connection.refreshTokenEncrypted!));
    await this.connections.saveRefreshedTokens(
      connection.id,
      {
        accessTokenEncrypted: this.box.seal(tokens.accessToken),
        refreshTokenEncrypted: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
      },
      this.clock(),
    );
    return tokens.accessToken;
  }
}

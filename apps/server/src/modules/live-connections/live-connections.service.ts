import crypto from 'node:crypto';
import {
  OAUTH_CALLBACK_PATHS,
  type ConnectionPurpose,
  type OAuthConnectError,
  type OAuthUrl,
  type PlatformConnection,
  type PlatformConnections,
} from '@hanabi/api';
import type { LivePlatform, LivePlatformRegistry } from '../../adapters/live-chat/index.ts';
import { businessRule, forbidden } from '../../lib/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { Logger } from '../../logger.ts';
import {
  bindingCookieOptions,
  bindingMatches,
  bindingOf,
  CONNECT_BINDING_COOKIE,
} from './connect-binding.ts';
import type {
  LinkedIdentity,
  LiveConnectionsRepository,
  PlatformConnectionRow,
} from './live-connections.repository.ts';

/** Long enough to pick an account on the consent page, short enough that a leaked URL soon stops working. */
const STATE_TTL_MS = 15 * 60_000;

export interface OAuthCallbackQuery {
  code?: string;
  state?: string;
  /** Google: `access_denied` when the user cancels. */
  error?: string;
  /** TwitCasting: `denied` when the user cancels (no state comes back then). */
  result?: string;
}

/** The cookie that binds a connect to the asking browser (set by the URL route, cleared by the callback). */
export interface BindingCookie {
  name: string;
  value: string;
  options: ReturnType<typeof bindingCookieOptions>;
}

/** Who holds the released prizes: delivery's service (kept as an interface so tests and wiring stay simple). */
export interface HeldPrizes {
  releaseHeldClaims(userId: string): Promise<unknown>;
}

/** A unique index refused the row (PostgreSQL 23505, possibly wrapped by drizzle). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/** `path` with one query parameter set (the path is same-origin: the contract allows nothing else). */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'http://hanabi.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

const defaultReturnTo = (type: string | null | undefined) => (type ? `/${type}/account` : '/');

/**
 * Platform connections (docs/design.md §5): the consent URL with a one-use `state`, the callback that exchanges
 * the code, reads the identity, stores the tokens encrypted, fills the profile and releases held prizes, and
 * unlinking. A platform identity belongs to one Hanabi user at a time.
 */
export class LiveConnectionsService {
  constructor(
    private readonly connections: LiveConnectionsRepository,
    private readonly platforms: LivePlatformRegistry,
    private readonly box: SecretBox,
    private readonly heldPrizes: HeldPrizes,
    private readonly options: { publicOrigin: string; secureCookies: boolean },
    private readonly log: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  redirectUri(platform: LivePlatform): string {
    return `${this.options.publicOrigin}${OAUTH_CALLBACK_PATHS[platform]}`;
  }

  /** Whose consent page the person sees for this platform (`Google` for YouTube), for the callback's docs. */
  consentProvider(platform: LivePlatform): string {
    return this.platforms.get(platform).oauth.providerName;
  }

  async consentUrl(
    session: SessionUser,
    platform: LivePlatform,
    purpose: ConnectionPurpose,
    returnTo: string | undefined,
  ): Promise<OAuthUrl & { binding: BindingCookie }> {
    // Mid sign-up there is no Hanabi user to link to yet: a rule of the flow, not of access.
    if (!session.userId)
      throw businessRule('signUpUnfinished', 'Finish signing up before linking a platform.');
    if (purpose === 'liveStreaming' && session.type !== 'streamer') {
      throw forbidden('streamersOnly', 'Only streamers connect a channel to read its live chat.');
    }
    const state = crypto.randomBytes(24).toString('base64url');
    await this.connections.saveState(
      state,
      { userId: session.userId, platform, purpose, returnTo: returnTo ?? defaultReturnTo(session.type) },
      new Date(this.clock().getTime() + STATE_TTL_MS),
    );
    const url = this.platforms
      .get(platform)
      .oauth.authorizationUrl({ redirectUri: this.redirectUri(platform), state });
    return {
      url,
      binding: {
        name: CONNECT_BINDING_COOKIE,
        value: bindingOf(state),
        options: bindingCookieOptions(platform, this.options.secureCookies, STATE_TTL_MS / 1000),
      },
    };
  }

  /** The same cookie, expired: the callback clears it whatever the outcome (a binding serves one attempt). */
  clearedBinding(platform: LivePlatform): BindingCookie {
    return {
      name: CONNECT_BINDING_COOKIE,
      value: '',
      options: bindingCookieOptions(platform, this.options.secureCookies, 0),
    };
  }

  /**
   * Answers where to send the browser: `returnTo` with `?connected={platform}` or `?connectError={code}`.
   * Links only when the browser that comes back is the one that asked (`binding`, the cookie of
   * {@link consentUrl}) AND it is signed in as the user who asked (decision 0060); otherwise it links nothing
   * and sends the browser to its own account page (or the landing page when signed out), never to the asker's
   * `returnTo`.
   */
  async callback(
    platform: LivePlatform,
    query: OAuthCallbackQuery,
    session: SessionUser | null,
    binding?: string,
  ): Promise<string> {
    const fallback = defaultReturnTo(session?.type);
    const fail = (code: OAuthConnectError, returnTo = fallback) => withParam(returnTo, 'connectError', code);
    const denied = Boolean(query.error) || query.result === 'denied';
    const state = query.state ? await this.connections.takeState(query.state, this.clock()) : null;
    if (denied) return fail('denied', state?.returnTo);
    if (!state || state.expired || state.platform !== platform || !query.code) {
      return fail('expired', state?.returnTo);
    }
    // The browser that comes back must be the one that asked: a consent link forwarded to someone else (the
    // platform's page is genuine, so they may well press Allow) arrives without the cookie.
    if (!bindingMatches(binding, query.state!)) {
      this.log.warn({ platform, userId: state.userId }, 'platform connect came back to another browser');
      return fail('browserMismatch');
    }
    // ...and signed in as the user who asked (a session that ended, or another person's, links nothing).
    if (!session?.userId || session.userId !== state.userId) return fail('signInAgain');
    const user = await this.connections.user(state.userId);
    if (!user) return fail('expired');
    if (state.purpose === 'liveStreaming' && user.type !== 'streamer') {
      return fail('notStreamer', state.returnTo);
    }

    let identity: LinkedIdentity;
    try {
      identity = await this.readIdentity(platform, query.code);
    } catch (error) {
      this.log.warn({ err: error, platform }, 'platform OAuth callback failed');
      return fail('platform', state.returnTo);
    }
    if (await this.connections.identityTakenByOther(user.id, platform, identity.platformUserId)) {
      return fail('alreadyLinked', state.returnTo);
    }
    try {
      await this.connections.link(user.id, identity, this.clock());
    } catch (error) {
      if (isUniqueViolation(error)) return fail('alreadyLinked', state.returnTo);
      throw error;
    }
    this.log.info({ userId: user.id, platform, purpose: state.purpose }, 'platform identity linked');
    try {
      // The identity may be the one a held prize was won with.
      await this.heldPrizes.releaseHeldClaims(user.id);
    } catch (error) {
      this.log.warn({ err: error, userId: user.id }, 'could not release held prizes after linking');
    }
    return withParam(state.returnTo, 'connected', platform);
  }

  async list(session: SessionUser): Promise<PlatformConnections> {
    // Mid sign-up nothing can be linked yet.
    const rows = session.userId ? await this.connections.connections(session.userId) : [];
    const view = (platform: LivePlatform) => {
      const row = rows.find((candidate) => candidate.platform === platform);
      return row ? toConnection(row, session.type) : null;
    };
    return Object.fromEntries(this.platforms.all().map(({ id }) => [id, view(id)])) as PlatformConnections;
  }

  async disconnect(session: SessionUser, platform: LivePlatform): Promise<PlatformConnections> {
    const { userId } = session;
    if (userId) {
      await this.connections.unlink(userId, platform, this.clock());
      this.log.info({ userId, platform }, 'platform identity unlinked');
    }
    return this.list(session);
  }

  /** The streamer's connection that may read chat on the platform, or a 422 saying what to do. */
  async chatConnection(userId: string, platform: LivePlatform): Promise<PlatformConnectionRow> {
    const row = await this.connections.connection(userId, platform);
    const { name, accountNoun } = this.platforms.get(platform);
    if (!row)
      throw businessRule('platformNotConnected', `Connect your ${accountNoun} for live streaming first.`);
    if (row.revokedAt) {
      throw businessRule(
        'platformAccessRevoked',
        `${name} no longer accepts Hanabi's access to your ${accountNoun}: connect it again.`,
      );
    }
    return row;
  }

  private async readIdentity(platform: LivePlatform, code: string): Promise<LinkedIdentity> {
    const grant = await this.platforms
      .get(platform)
      .oauth.grant({ code, redirectUri: this.redirectUri(platform) });
    return {
      platform,
      platformUserId: grant.platformUserId,
      screenId: grant.screenId,
      displayName: grant.displayName,
      imageUrl: grant.imageUrl,
      accessTokenEncrypted: this.box.seal(grant.tokens.accessToken),
      refreshTokenEncrypted: grant.tokens.refreshToken ? this.box.seal(grant.tokens.refreshToken) : null,
      scopes: grant.scopes,
      expiresAt: grant.tokens.expiresAt,
    };
  }
}

/** Streamers read their chat with the stored token; for viewers the connection only proves who they are. */
export function toConnection(row: PlatformConnectionRow, userType: string | null): PlatformConnection {
  return {
    platform: row.platform,
    platformUserId: row.platformUserId,
    screenId: row.screenId,
    displayName: row.displayName,
    imageUrl: row.imageUrl,
    canReadChat: userType === 'streamer' && row.revokedAt === null,
    needsReconnect: row.revokedAt !== null,
    connectedAt: row.createdAt.toISOString(),
  };
}

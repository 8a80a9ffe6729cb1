import { LIVE_PLATFORMS, OAUTH_CALLBACK_PATHS, AUTH_BASE_PATH } from '@hanabi/api';
import type { AppConfig } from '../../../config.ts';
import { GOOGLE_SCOPES, X_SCOPES, type EndpointReach } from '../../../adapters/oauth/index.ts';
import { YOUTUBE_READONLY_SCOPE } from '../../../adapters/youtube/index.ts';
import {
  fail,
  ok,
  skip,
  type CheckOutcome,
  type DoctorCheckDefinition,
  type DoctorPorts,
} from '../doctor.types.ts';

/** The redirect URIs Hanabi sends each provider: register exactly these in their consoles. */
export function redirectUris(publicOrigin: string): string[] {
  return [
    `youtube ${publicOrigin}${OAUTH_CALLBACK_PATHS.youtube}`,
    `twitcasting ${publicOrigin}${OAUTH_CALLBACK_PATHS.twitcasting}`,
    `google ${publicOrigin}${AUTH_BASE_PATH}/callback/google`,
    `x ${publicOrigin}${AUTH_BASE_PATH}/callback/twitter`,
  ];
}

interface Provider {
  name: string;
  /** The setting that turns it on. */
  setting: string;
  clientId: string | undefined;
  tokenUrl: string;
  redirectUri: string;
  scopes: readonly string[];
  note?: string;
}

/** Configured: the token endpoint answers anything over HTTP (no secret is sent). Not configured: "–". */
export function providerVerdict(provider: Provider, reach: EndpointReach | null): CheckOutcome {
  if (!provider.clientId) {
    return skip(`not configured (${provider.setting}): ${provider.name} is off`, [
      `redirect URI to register ${provider.redirectUri}`,
    ]);
  }
  const details = [
    `client id ${provider.clientId}`,
    `redirect URI ${provider.redirectUri}`,
    `scopes ${provider.scopes.length ? provider.scopes.join(' ') : '(none: the platform has no scopes)'}`,
    `token endpoint ${provider.tokenUrl}`,
    ...(provider.note ? [provider.note] : []),
  ];
  if (!reach?.reachable) {
    return fail(
      `token endpoint unreachable (${reach?.reason ?? 'not asked'})`,
      `Check this machine reaches ${new URL(provider.tokenUrl).host} (DNS, firewall, egress proxy)`,
      details,
    );
  }
  return ok(`client id set; token endpoint answers (HTTP ${reach.status})`, details);
}

function providers(config: AppConfig): Record<'youtube' | 'twitcasting' | 'google' | 'x', Provider> {
  const [youtube, twitcasting, google, x] = redirectUris(config.publicOrigin).map(
    (line) => line.split(' ')[1]!,
  );
  const { live, auth } = config;
  return {
    youtube: {
      name: 'YouTube',
      setting: 'YOUTUBE_CLIENT_ID',
      clientId: live.youtube.clientId || undefined,
      tokenUrl: live.youtube.tokenUrl,
      redirectUri: youtube!,
      scopes: [YOUTUBE_READONLY_SCOPE],
    },
    twitcasting: {
      name: 'TwitCasting',
      setting: 'TWITCASTING_CLIENT_ID',
      clientId: live.twitcasting.clientId || undefined,
      tokenUrl: `${live.twitcasting.apiUrl}/oauth2/access_token`,
      redirectUri: twitcasting!,
      scopes: [],
    },
    google: {
      name: 'Google sign-in',
      setting: 'GOOGLE_CLIENT_ID',
      clientId: auth.google?.clientId,
      tokenUrl: auth.google?.tokenUrl ?? '',
      redirectUri: google!,
      scopes: GOOGLE_SCOPES,
    },
    x: {
      name: 'X sign-in',
      setting: 'TWITTER_CLIENT_ID',
      clientId: auth.twitter?.clientId,
      tokenUrl: auth.twitter?.tokenUrl ?? '',
      redirectUri: x!,
      scopes: X_SCOPES,
      ...(auth.twitter && !auth.twitter.clientSecret ? { note: 'public client (PKCE, no secret)' } : {}),
    },
  };
}

/** One check per provider; a configured one is required (a streamer's connect or a sign-in would fail). */
export function platformChecks(ports: DoctorPorts): DoctorCheckDefinition[] {
  const all = providers(ports.config);
  return (['youtube', 'twitcasting', 'google', 'x'] as const).map((id) => {
    const provider = all[id];
    // The embedded sandbox stands in for every live platform, never for a sign-in provider.
    const sandbox = ports.config.live.sandbox && (LIVE_PLATFORMS as readonly string[]).includes(id);
    return {
      id,
      required: Boolean(provider.clientId) && !sandbox,
      async run() {
        if (sandbox) return skip('the live sandbox stands in for it (embedded): nothing outside to check');
        const reach = provider.clientId ? await ports.probeEndpoint(provider.tokenUrl) : null;
        return providerVerdict(provider, reach);
      },
    };
  });
}

import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { OAuthProviderConfig } from '../../config.ts';

/**
 * Google and X (Twitter) as OAuth 2.0 providers for better-auth's generic OAuth plugin. Every URL comes from
 * config (real endpoints by default; tests point them at a local stand-in). Profiles are read from the userinfo
 * endpoint with the access token and mapped here; an e-mail is only passed on when the provider says it is
 * verified — otherwise a stable placeholder address is used, which can never match a real account.
 */

export const PLACEHOLDER_EMAIL_DOMAIN = 'placeholder.invalid';

/** A non-routable address for an identity without a verified e-mail (RFC 6761 `.invalid`). */
export function placeholderEmail(provider: string, subject: string): string {
  return `${subject.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}@${provider}.${PLACEHOLDER_EMAIL_DOMAIN}`;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`.${PLACEHOLDER_EMAIL_DOMAIN}`);
}

interface MappedProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | undefined;
  [key: string]: unknown;
}

async function getJson(url: string, accessToken: string | undefined): Promise<unknown> {
  if (!accessToken) return null;
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return null;
  return response.json().catch(() => null);
}

const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** OpenID Connect userinfo (Google): sub, email, email_verified, name, picture. */
export function mapGoogleProfile(raw: unknown): MappedProfile | null {
  if (!raw || typeof raw !== 'object') return null;
  const profile = raw as Record<string, unknown>;
  const id = asString(profile.sub);
  if (!id) return null;
  const email = asString(profile.email);
  const verified = profile.email_verified === true || profile.email_verified === 'true';
  return {
    id,
    email: email && verified ? email.toLowerCase() : placeholderEmail('google', id),
    emailVerified: Boolean(email && verified),
    name: asString(profile.name) ?? asString(profile.given_name) ?? '',
    image: asString(profile.picture),
  };
}

/**
 * X API v2 `GET /2/users/me?user.fields=profile_image_url,confirmed_email`:
 * `{ data: { id, name, username, profile_image_url, confirmed_email? } }` (confirmed_email needs `users.email`).
 */
export function mapXProfile(raw: unknown): MappedProfile | null {
  if (!raw || typeof raw !== 'object') return null;
  const data = (raw as { data?: unknown }).data;
  if (!data || typeof data !== 'object') return null;
  const profile = data as Record<string, unknown>;
  const id = asString(profile.id);
  if (!id) return null;
  const email = asString(profile.confirmed_email);
  return {
    id,
    email: email ? email.toLowerCase() : placeholderEmail('twitter', id),
    emailVerified: Boolean(email),
    name: asString(profile.name) ?? asString(profile.username) ?? '',
    // X serves a 48×48 `_normal` picture; the `_400x400` variant is the same image, larger.
    image: asString(profile.profile_image_url)?.replace(/_normal(\.[a-z]+)$/i, '_400x400$1'),
    username: asString(profile.username),
  };
}

/** What Hanabi asks Google and X for at sign-in (the doctor prints them). */
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'] as const;
export const X_SCOPES = ['users.read', 'tweet.read', 'users.email', 'offline.access'] as const;

export function googleProvider(config: OAuthProviderConfig): GenericOAuthConfig<'google'> {
  return {
    providerId: 'google',
    name: 'Google',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorizationUrl: config.authorizationUrl,
    tokenUrl: config.tokenUrl,
    userInfoUrl: config.userInfoUrl,
    scopes: [...GOOGLE_SCOPES],
    pkce: true,
    prompt: 'select_account',
    authentication: 'post',
    getUserInfo: async (tokens) => mapGoogleProfile(await getJson(config.userInfoUrl, tokens.accessToken)),
  };
}

export function xProvider(config: OAuthProviderConfig): GenericOAuthConfig<'twitter'> {
  const url = new URL(config.userInfoUrl);
  url.searchParams.set('user.fields', 'profile_image_url,confirmed_email');
  return {
    providerId: 'twitter',
    name: 'X',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authorizationUrl: config.authorizationUrl,
    tokenUrl: config.tokenUrl,
    userInfoUrl: config.userInfoUrl,
    scopes: [...X_SCOPES],
    // X OAuth 2.0 always uses PKCE; confidential clients authenticate with HTTP Basic, public ones not at all.
    pkce: true,
    ...(config.clientSecret
      ? { authentication: 'basic' as const }
      : { tokenEndpointAuth: { method: 'none' as const } }),
    getUserInfo: async (tokens) => mapXProfile(await getJson(url.toString(), tokens.accessToken)),
  };
}

export function oauthProviders(auth: {
  google: OAuthProviderConfig | undefined;
  twitter: OAuthProviderConfig | undefined;
}): GenericOAuthConfig[] {
  return [
    ...(auth.google ? [googleProvider(auth.google)] : []),
    ...(auth.twitter ? [xProvider(auth.twitter)] : []),
  ];
}

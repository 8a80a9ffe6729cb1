// The public face of `modules/identity`: what other folders may import from it (decision 0181); the rest is its own.
export { AuthGateway } from './auth-gateway.ts';
export { installAuthHandler } from './auth-handler.ts';
export { resolveAuthSecret } from './auth-secret.ts';
export { AUTH_COOKIE_PREFIX } from './auth.ts';
export type { Auth } from './auth.ts';
export { forwardSetCookies, toFetchHeaders } from './fetch-bridge.ts';
export { IdentityRepository } from './identity.repository.ts';
export type { Identity, SignInMethodRecord } from './identity.repository.ts';
export { registerIdentityRoutes } from './identity.routes.ts';
export { AuthSessionResolver } from './session-resolver.ts';
export { wireIdentity } from './identity.wiring.ts';
export type { IdentityWiring } from './identity.wiring.ts';

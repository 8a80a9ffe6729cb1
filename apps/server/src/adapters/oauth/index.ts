// The public face of `adapters/oauth`: what other folders may import from it (decision 0181); the rest is its own.
export { GOOGLE_SCOPES, isPlaceholderEmail, oauthProviders, X_SCOPES } from './providers.ts';
export { probeEndpoint, type EndpointReach } from './endpoint-probe.ts';

// The public face of `adapters/oauth`: what other folders may import from it (decision 0181); the rest is its own.
export { isPlaceholderEmail, oauthProviders } from './providers.ts';

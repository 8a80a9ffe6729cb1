// The public face of `modules/tokens`: what other folders may import from it (decision 0181); the rest is its own.
export { TokenAssetService } from './token-assets.service.ts';
export { registerTokenRoutes } from './tokens.routes.ts';
export { TokenService } from './tokens.service.ts';
export { wireTokens } from './tokens.wiring.ts';

// The public face of `modules/fonts`: what other folders may import from it (decision 0181); the rest is its own.
export { readFontSubset } from './font-files.ts';
export { registerFontRoutes } from './fonts.routes.ts';

// The public face of `modules/og-pages`: what other folders may import from it (decision 0181); the rest is its own.
export { builtPaintModule } from './built-paint-module.ts';
export { registerCrawlerPage } from './crawler-page.routes.ts';
export {
  firstPaintFrame,
  firstPaintPicture,
  firstPaintText,
  firstPaintTitle,
  safeImageUrl,
} from './first-paint.ts';
export type { FirstPaint } from './first-paint.ts';
export { OgCardImages, shortDescription, unlessNotFound } from './og-card-images.ts';
export { ogImageKey } from './og-image.ts';
export type { OgCard } from './og-image.ts';
export type { OgTags } from './og-tags.ts';
export type { OgLocale } from './og-locale.ts';
export { ogTexts } from './og-texts.ts';
export { signInStepPaint } from './sign-in-step-paint.ts';
export type { SignInProviders } from './sign-in-step-paint.ts';
export { registerStaticPagePaint } from './static-page-paint.ts';
export { paintLocale } from './og-locale.ts';
export { wireOgPages } from './og-pages.wiring.ts';

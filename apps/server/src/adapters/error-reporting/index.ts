// The public face of `adapters/error-reporting`: what other folders may import from it (decision 0181); the rest is its own.
export { flushErrorReporting, reportServerErrors, startErrorReporting } from './sentry.ts';

import { afterAll, afterEach, expect } from 'vitest';
import { takeUntranslatedErrors } from './untranslated-errors.ts';

// Every integration test fails if the app answered it with an envelope the web could only show in English
// (decision 0205): give the throw a reason (an `ERROR_REASONS` name with its ja and en texts).
afterEach(() => {
  expect(takeUntranslatedErrors(), 'error envelopes without a reason the web translates').toEqual([]);
});
// What set-up and tear-down provoked.
afterAll(() => {
  expect(takeUntranslatedErrors(), 'error envelopes without a reason the web translates').toEqual([]);
});

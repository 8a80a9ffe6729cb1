import { afterAll, afterEach, expect } from 'vitest';
import { takeMismatchedAnswers } from './openapi-answers.ts';

// Every integration test fails if the app answered it in a way the published OpenAPI document does not list: a
// status the operation does not name, or a JSON body its schema refuses (decision 0222). Fix the contract (the
// document is generated from it) or the route.
afterEach(() => {
  expect(takeMismatchedAnswers(), 'answers the OpenAPI document does not describe').toEqual([]);
});
// What set-up and tear-down provoked.
afterAll(() => {
  expect(takeMismatchedAnswers(), 'answers the OpenAPI document does not describe').toEqual([]);
});

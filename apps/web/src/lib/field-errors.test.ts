import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { placeFieldErrors } from './field-errors';

function recorder(values: unknown) {
  const placed: Record<string, string> = {};
  return { placed, form: { values, setFieldError: (path: string, error: string) => (placed[path] = error) } };
}

describe('placeFieldErrors', () => {
  const refusal = new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'invalid',
    details: [
      { field: 'body.name', message: 'too long' },
      { field: 'body.entryRule.keyword', message: 'too long for TwitCasting' },
      { field: 'body.platforms[1]', message: 'unknown platform' },
      { field: 'body.somethingElse', message: 'not a field here' },
    ],
  });

  it('puts each detail on the field it names, nested and indexed ones too, and returns the rest', () => {
    const { placed, form } = recorder({ name: '', entryRule: { keyword: '' }, platforms: ['youtube', 'x'] });
    expect(placeFieldErrors(refusal, form)).toEqual(['not a field here']);
    expect(placed).toEqual({
      name: 'too long',
      'entryRule.keyword': 'too long for TwitCasting',
      'platforms.1': 'unknown platform',
    });
  });

  it('places nothing for an error that is not a refusal with details', () => {
    const { placed, form } = recorder({ name: '' });
    expect(placeFieldErrors(new Error('offline'), form)).toEqual([]);
    expect(placed).toEqual({});
  });
});

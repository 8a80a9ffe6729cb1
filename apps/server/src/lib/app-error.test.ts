import { describe, expect, it } from 'vitest';
import { AppError, appErrorOf, businessRule, notFound } from './app-error.ts';

describe('AppError reasons (decision 0205)', () => {
  it('need a reason outside the generic codes: a throw without one fails the typecheck', () => {
    // @ts-expect-error a NOT_FOUND must say which case it is
    const bare = new AppError('NOT_FOUND', 'No such thing.');
    // @ts-expect-error the helpers take the reason first, so an English message alone is refused
    const englishOnly = () => businessRule('Some English.');
    expect(bare.reason).toBeUndefined();
    expect(englishOnly).not.toThrow();
    expect(new AppError('VALIDATION_FAILED', 'Some fields are not valid.').reason).toBeUndefined();
    expect(notFound('drawNotFound', 'No such draw.')).toMatchObject({
      statusCode: 404,
      reason: 'drawNotFound',
    });
  });

  it('give a rebuilt error the generic reason of its status when it arrives without one', () => {
    expect(appErrorOf('NOT_FOUND', 'gone').reason).toBe('notFound');
    expect(appErrorOf('CONFLICT', 'busy').reason).toBe('requestNotProcessed');
    expect(appErrorOf('CONFLICT', 'busy', undefined, 'drawInProgress').reason).toBe('drawInProgress');
    expect(appErrorOf('UNAVAILABLE', 'later').reason).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { notYetShown } from './audience-home-api';

describe('notYetShown', () => {
  it('leaves out the campaigns an earlier section shows, keeping the order of the rest', () => {
    const followed = [{ id: 'c2' }];
    expect(notYetShown([{ id: 'c1' }, { id: 'c2' }, { id: 'c3' }], followed)).toEqual([
      { id: 'c1' },
      { id: 'c3' },
    ]);
  });

  it('keeps the whole list when nothing was shown above', () => {
    expect(notYetShown([{ id: 'c1' }], [])).toEqual([{ id: 'c1' }]);
  });
});

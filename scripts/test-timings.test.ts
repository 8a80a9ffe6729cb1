import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { explainsItsTime, slowestFiles } from './lib/test-timings.mjs';

const root = path.resolve(import.meta.dirname, '..');
const file = (relative: string, seconds: number) => ({
  name: path.join(root, relative),
  startTime: 1_000,
  endTime: 1_000 + seconds * 1000,
});

describe('the slowest test files', () => {
  it('lists the slowest first, relative to the repository, cut at the count', () => {
    const report = {
      testResults: [file('a.test.ts', 3), file('b/c.int.test.ts', 70), file('d.test.ts', 12)],
    };
    expect(slowestFiles(report, 2)).toEqual([
      { file: 'b/c.int.test.ts', ms: 70_000 },
      { file: 'd.test.ts', ms: 12_000 },
    ]);
  });

  it('knows which files say why they take over a minute', () => {
    expect(explainsItsTime('apps/server/src/production.int.test.ts')).toBe(true);
    expect(explainsItsTime('apps/server/src/modules/likes/likes.int.test.ts')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { chunkGroups, planChunks, type PlannedChunk } from '../../apps/web/build/chunk-plan.plugin.ts';

/** A chunk of the first bundling: its file, its modules (id → rendered length) and the files it imports. */
function chunk(
  fileName: string,
  modules: Record<string, number>,
  imports: string[] = [],
  extra: Partial<PlannedChunk> = {},
): PlannedChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    facadeModuleId: null,
    isEntry: false,
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }]),
    ),
    ...extra,
  };
}

const app = 'src/main.tsx';
const pages = [
  { module: 'src/a.page.tsx', chunk: 'a' },
  { module: 'src/b.page.tsx', chunk: 'b' },
  { module: 'src/c.page.tsx', chunk: 'c' },
];

// index.html's entry; the app (imports the entry's preload helper, React, a Box shared with pages); three public
// pages sharing a Card (a, b) and an icon (a, b, c); an operator page sharing the Card; a barrel rendered empty.
const output = [
  chunk('index.js', { '/w/src/boot.ts': 500 }, [], { isEntry: true, facadeModuleId: '/w/src/boot.ts' }),
  chunk('main.js', { '/w/src/main.tsx': 900, '/nm/barrel.mjs': 0 }, ['index.js', 'react.js', 'box.js'], {
    facadeModuleId: '/w/src/main.tsx',
  }),
  chunk('react.js', { '/nm/react.js': 7000 }),
  chunk('box.js', { '/nm/box.mjs': 3000 }),
  chunk('a.js', { '/w/src/a.page.tsx': 400 }, ['card.js', 'icon.js', 'box.js'], {
    facadeModuleId: '/w/src/a.page.tsx',
  }),
  chunk('b.js', { '/w/src/b.page.tsx': 400, '/w/src/b-only.tsx': 50 }, ['card.js', 'icon.js'], {
    facadeModuleId: '/w/src/b.page.tsx',
  }),
  chunk('c.js', { '/w/src/c.page.tsx': 400 }, ['icon.js', 'list.js'], {
    facadeModuleId: '/w/src/c.page.tsx',
  }),
  chunk('card.js', { '/nm/card.mjs': 800, '/nm/paper.mjs': 300 }, ['box.js']),
  chunk('icon.js', { '/nm/icon.mjs': 200 }),
  chunk('list.js', { '/nm/list.mjs': 600 }),
  chunk('operator.js', { '/w/src/operator.page.tsx': 5000 }, ['card.js'], {
    facadeModuleId: '/w/src/operator.page.tsx',
  }),
  { type: 'asset' as const },
];

describe('chunk plan (build/chunk-plan.plugin.ts)', () => {
  const plan = planChunks(output, { app, pages });
  const group = (id: string) => plan.groupOf.get(id);

  it("puts every module of the app's first load into the app's chunk, but not the entry's or the app module", () => {
    expect(group('/nm/react.js')).toBe('main');
    expect(group('/nm/box.mjs')).toBe('main');
    expect(group('/w/src/boot.ts')).toBeUndefined();
    // The app and the pages keep their own chunks (the manifest and the server's preloads name them).
    expect(group('/w/src/main.tsx')).toBeUndefined();
    expect(group('/w/src/a.page.tsx')).toBeUndefined();
  });

  it('groups the rest of a first load by the set of public pages that load it', () => {
    expect(group('/nm/card.mjs')).toBe('for-a-b');
    expect(group('/nm/paper.mjs')).toBe('for-a-b');
    expect(group('/nm/icon.mjs')).toBe('for-a-b-c');
    expect(group('/nm/list.mjs')).toBe('for-c');
    expect(group('/w/src/b-only.tsx')).toBe('for-b');
  });

  it('leaves out modules rendered empty and modules no first load has', () => {
    expect(group('/nm/barrel.mjs')).toBeUndefined();
    expect(group('/w/src/operator.page.tsx')).toBeUndefined();
  });

  it('orders the groups by how many pages share them, the app first', () => {
    expect(plan.order[0]).toBe('main');
    expect(plan.order[1]).toBe('for-a-b-c');
    expect(plan.order.indexOf('for-a-b')).toBeLessThan(plan.order.indexOf('for-c'));
    const groups = chunkGroups(plan);
    expect(groups.map((entry) => entry.name)).toEqual(plan.order);
    const priorities = groups.map((entry) => entry.priority ?? 0);
    expect([...priorities].sort((a, b) => b - a)).toEqual(priorities);
    const test = groups[1]!.test as (id: string) => boolean;
    expect(test('/nm/icon.mjs')).toBe(true);
    expect(test('/nm/card.mjs')).toBe(false);
  });

  it('fails loudly when a listed page is not a chunk of the build', () => {
    expect(() =>
      planChunks(output, { app, pages: [{ module: 'src/gone.page.tsx', chunk: 'gone' }] }),
    ).toThrow(/src\/gone\.page\.tsx/);
  });
});

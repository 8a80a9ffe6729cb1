import { defineConfig } from 'vitest/config';

// One Vitest run, four projects. File names decide the project:
//   *.test.ts(x)      unit tests beside the code (node, or happy-dom for the web app)
//   *.int.test.ts     API integration tests through app.inject (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
//   packages/token/test/*.test.ts   contract tests on a spawned anvil
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/api/src/**/*.test.ts',
            'packages/draw/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // A page's first render loads its lazy chunks; with every worker busy that can take seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'token',
          environment: 'node',
          include: ['packages/token/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run, four projects. File names decide the project:
//   *.test.ts(x)      unit tests beside the code (node, or happy-dom for the web app)
//   *.int.test.ts     API integration tests through app.inject (PostgreSQL when TEST_DATABASE_URL is set, PGlite for
//                     the embedded slice and without it; test-context.ts)
//   packages/token/test/*.test.ts   contract tests on a spawned anvil
// Workers (decision 0203): unit, web and contract files keep the CPU busy, so one per core; integration files spend
// most of their time waiting on the database, sockets and timers, so more of them run at once, as a later group;
// the files that start whole processes last, two at a time.
const cores = os.availableParallelism();
const integration = {
  environment: 'node',
  globalSetup: ['./apps/server/src/test/integration.global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
} as const;
// Integration files that start whole processes (built servers, workers killed and restarted, the production stack).
const PROCESS_FILES = [
  'apps/server/src/main.int.test.ts',
  'apps/server/src/production.int.test.ts',
  'apps/server/src/restore-drill.int.test.ts',
  'apps/server/src/built-server-drand.int.test.ts',
  'apps/server/src/http/behind-proxy.int.test.ts',
  'apps/server/src/modules/delivery/delivery-crash.int.test.ts',
  'apps/server/src/modules/delivery/embedded-chain-crash.int.test.ts',
  'apps/server/src/modules/live-ingestion/live-crash.int.test.ts',
  'apps/server/src/modules/operator/grant-operator.int.test.ts',
  'apps/server/src/modules/doctor/doctor.int.test.ts',
];
export default defineConfig({
  test: {
    maxWorkers: cores,
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
          ...integration,
          include: ['apps/server/src/**/*.int.test.ts'],
          exclude: [...PROCESS_FILES, '**/node_modules/**'],
          // Fails a test the app answered with an error envelope the web can only show in English (decision 0205),
          // or with an answer the published OpenAPI document does not describe (decision 0222).
          setupFiles: [
            './apps/server/src/test/untranslated-errors.setup.ts',
            './apps/server/src/test/openapi-answers.setup.ts',
          ],
          maxWorkers: Math.max(2, cores + 1),
          // The files share each worker's loaded modules: importing the server again for every file cost more
          // than most files' tests. Nothing in them mocks a module or changes process.env.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'processes',
          ...integration,
          include: PROCESS_FILES,
          // Each starts several servers, workers or anvils: two at a time keep the machine from starving them.
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
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

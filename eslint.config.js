import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Web features never import each other: what two features share lives in lib/ or components/, and pages are
// composed in app/ (decision 0180). lib/ and components/ import no feature. Tests included.
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A web feature never imports another feature: move the shared piece to lib/ or components/.',
  })),
  {
    target: ['./apps/web/src/lib', './apps/web/src/components'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib/ and components/ sit below the features and app/.',
  },
];

// Server units that other folders reach only through their index.ts (decision 0181), every one of them.
const serverSrc = new URL('./apps/server/src/', import.meta.url);
const entriesOf = (folder) => readdirSync(new URL(folder, serverSrc), { withFileTypes: true });
const serverPlaces = [
  ...entriesOf('.')
    .filter((entry) => !['modules', 'adapters'].includes(entry.name))
    .map((entry) => entry.name),
  ...['modules', 'adapters'].flatMap((top) => entriesOf(top).map((entry) => `${top}/${entry.name}`)),
];
const serverUnits = ['modules', 'adapters'].flatMap((top) =>
  entriesOf(top)
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${top}/${entry.name}`),
);

// The chain library stays behind adapters/chain (docs/design.md §3, decision 0187): modules type and parse chain
// values through its index. config.ts alone derives an address from a key it then drops (decision 0147).
const chainLibrary = {
  group: ['viem', 'viem/*'],
  message: 'Only adapters/chain imports viem: use what adapters/chain/index.ts exports.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/token/artifacts/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Only apps/server/src/config.ts reads process.env.' },
      ],
    },
  },
  {
    files: [
      'apps/server/src/config.ts',
      'apps/server/src/test/**',
      '**/*.test.ts',
      'scripts/**',
      'e2e/**',
      '**/*.config.*',
      'packages/token/**',
      'bench/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  // Folder boundaries of the server (decision 0156): lower layers never reach up. Tests may cross them.
  ...[
    [
      'apps/server/src/lib/**',
      /(^|\/)(adapters|db|http|queue|modules|demo-seed)\/|\/(container|app|main)\.ts$/,
      'lib/',
    ],
    ['apps/server/src/db/**', /(^|\/)(adapters|http|modules|demo-seed)\/|\/(container|app|main)\.ts$/, 'db/'],
    [
      'apps/server/src/queue/**',
      /(^|\/)(adapters|http|modules|demo-seed)\/|\/(container|app|main)\.ts$/,
      'queue/',
    ],
    ['apps/server/src/http/**', /(^|\/)(db|modules|demo-seed)\/|\/(container|main)\.ts$/, 'http/'],
    [
      'apps/server/src/adapters/**',
      /(^|\/)(http|modules|demo-seed)\/|\/(container|app|main)\.ts$/,
      'adapters/',
    ],
    ['apps/server/src/modules/**', /(^|\/)demo-seed\/|\/(container|app|main)\.ts$/, 'modules/'],
  ].map(([files, regex, layer]) => ({
    files: [files],
    // Tests and command entry points (`*.cli.ts`, `*.command.ts`: composition roots like main.ts) may reach anywhere.
    ignores: ['**/*.test.ts', '**/*.fixture.ts', '**/*test-support.ts', '**/*.cli.ts', '**/*.command.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: regex.source,
              message: `${layer} must not import a higher layer (lib < db, queue < adapters, http < modules < composition; docs/architecture.md).`,
            },
            ...(layer === 'adapters/' ? [] : [chainLibrary]),
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/server/src/*.ts', 'apps/server/src/commands/**', 'apps/server/src/demo-seed/**'],
    ignores: ['**/*.test.ts', 'apps/server/src/config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [chainLibrary] }] },
  },
  // Modules ask the live platform registry and never branch on a platform id (issue 38, decision 0234): what
  // differs per platform is a driver property in adapters/<platform>/. modules/sandbox is the one exception: it
  // is the platforms' embedded fake, per platform by nature. Tests may name the platforms as they like.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/sandbox/**', '**/*.test.ts', '**/*.fixture.ts', '**/*test-support.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['BinaryExpression[operator=/^[!=]==?$/]', 'SwitchCase'].map((node) => ({
          // The ids of LIVE_PLATFORMS (packages/api/src/live-platform.ts): a new platform adds its id here.
          selector: `${node} > Literal[value=/^(youtube|twitcasting)$/]`,
          message:
            'A module never branches on a platform id: ask the driver (adapters/live-chat/live-platform.driver.ts) or key data by platform.',
        })),
      ],
    },
  },
  // Server modules and adapters are imported from elsewhere only through their public index.ts (decision 0181).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*.fixture.ts',
      '**/*test-support.ts',
      '**/*.cli.ts',
      '**/*.command.ts',
      'apps/server/src/test/**',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/resolver': { node: { extensions: ['.ts'] } },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverUnits.map((unit) => ({
            target: serverPlaces
              .filter((place) => place !== unit)
              .map((place) => `./apps/server/src/${place}`),
            from: `./apps/server/src/${unit}`,
            except: ['./index.ts'],
            message: `Import ${unit} through its index.ts (its public face), not its internals.`,
          })),
        },
      ],
    },
  },
  // No import cycles in the server and the shared packages (relative imports; what farm-like tools call circles).
  {
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The web's folder rules (webZones above), tests included.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webZones,
        },
      ],
    },
  },
  // app/ composes the features, so a feature never reaches up into it (decision 0187); a test may render the app.
  // One rule setting per file (a later block replaces an earlier one), so this block repeats webZones.
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx'] } },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webZones,
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message:
                'app/ composes the features; what a feature shares with app/ lives in lib/ or components/.',
            },
          ],
        },
      ],
    },
  },
);

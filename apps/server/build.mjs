// Bundles the server into dist/main.js with esbuild. Workspace packages (@hanabi/*, TypeScript sources) are
// bundled in; every other package stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-dependencies',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@hanabi/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// Bundles the server into dist/main.js (and its card worker into dist/og-card.worker.js) with esbuild. Workspace packages (@hanabi/*, TypeScript sources) are
// bundled in. Every other package stays external and is loaded from node_modules at run time — unless the code
// importing it would get another copy there than the one its own workspace installed: then that copy is bundled
// (decision 0201). dist/main.meta.json keeps esbuild's metafile for `scripts/check-built-imports.mjs`, which fails
// CI when an import left external resolves to a version outside the importing package's declared range.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(serverDir, 'dist/main.js');

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The folder Node's resolution picks for `name` from `fromDir` (nearest node_modules up the tree), or null. */
function installedPackage(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    if (path.dirname(dir) === dir) return null;
  }
}

const result = await build({
  // The card worker (decision 0211) is a script of its own, found beside main.js at run time.
  entryPoints: { main: 'src/main.ts', 'og-card.worker': 'src/modules/og-pages/og-card.worker.ts' },
  outdir: path.dirname(outfile),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-dependencies',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@hanabi/') || args.path.startsWith('node:')) {
            return args.path.startsWith('node:') ? { path: args.path, external: true } : undefined;
          }
          const name = packageName(args.path);
          const wanted = installedPackage(name, args.resolveDir);
          // dist/main.js resolves from its own folder: external only when that finds the importer's own copy.
          if (wanted === null || wanted === installedPackage(name, path.dirname(outfile))) {
            return { path: args.path, external: true };
          }
          return undefined;
        });
      },
    },
  ],
});
fs.writeFileSync(path.join(serverDir, 'dist/main.meta.json'), JSON.stringify(result.metafile));

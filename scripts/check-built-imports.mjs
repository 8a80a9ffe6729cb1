// `node scripts/check-built-imports.mjs [--main <dist/main.js>]`: every import the built server left external must
// load, from where the built file runs, a version inside the range the importing package declared (decision 0201).
// Tests import sources, and there each package finds its own copy; the bundle loads whatever node_modules holds
// next to dist/ — once that was @noble/curves 1.9.1 for code written against 2.4.0, and every drand round was
// refused. `npm test` runs this on the build, `npm run production:check` on the staged production install.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { repoRoot } from './lib/build-steps.mjs';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package.json Node's resolution picks for `name` from `fromDir` (nearest node_modules upwards), or null. */
export function installedManifest(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** The nearest package.json above `file`: the package that wrote the import. */
function owningManifest(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * The problems of one build: for each external import in `metafile` (inputs relative to `buildDir`), the version
 * found from `runDir` against the importer's declared range. An import of a package the importer does not declare
 * as a runtime dependency, or that is not installed, is a problem too — unless it is optional: an optional
 * dependency, or an embedded-only part (a dev dependency opened with `import()`, which a production install leaves
 * out; decision 0148).
 */
export function builtImportProblems({ metafile, buildDir, runDir }) {
  const problems = [];
  const checked = new Set();
  for (const [input, { imports }] of Object.entries(metafile.inputs)) {
    for (const { path: specifier, external, kind } of imports) {
      if (!external || specifier.startsWith('node:') || specifier.startsWith('.')) continue;
      const name = packageName(specifier);
      const importerManifest = owningManifest(path.resolve(buildDir, input));
      const key = `${importerManifest}\0${name}\0${kind}`;
      if (checked.has(key)) continue;
      checked.add(key);
      const importer = importerManifest ? readJson(importerManifest) : {};
      // An embedded-only part: a dev dependency the server opens with import() when it runs embedded.
      const embeddedPart = kind === 'dynamic-import' && importer.devDependencies?.[name] !== undefined;
      const declared =
        importer.dependencies?.[name] ??
        importer.peerDependencies?.[name] ??
        importer.optionalDependencies?.[name] ??
        (embeddedPart ? importer.devDependencies[name] : undefined);
      const optional =
        embeddedPart ||
        importer.optionalDependencies?.[name] !== undefined ||
        importer.peerDependenciesMeta?.[name]?.optional === true;
      const where = `${input} (${importer.name ?? 'no package'}) imports ${specifier}`;
      const found = installedManifest(name, runDir);
      if (declared === undefined) {
        // A Node built-in without the node: prefix.
        if (isBuiltin(name)) continue;
        problems.push(`${where}, which ${importer.name ?? 'it'} does not declare as a runtime dependency`);
        continue;
      }
      if (found === null) {
        if (!optional) problems.push(`${where}, which is not installed where the built server runs`);
        continue;
      }
      const { version } = readJson(found);
      if (!semver.satisfies(version, declared, { includePrerelease: true })) {
        problems.push(
          `${where}: the built server loads ${name}@${version} from ${path.relative(runDir, found)}, ` +
            `outside the declared ${declared}`,
        );
      }
    }
  }
  return { problems, checked: checked.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--main');
  const main = path.resolve(at > 0 ? process.argv[at + 1] : path.join(repoRoot, 'apps/server/dist/main.js'));
  const metaFile = main.replace(/\.js$/, '.meta.json');
  if (!fs.existsSync(metaFile)) {
    console.error(`No ${metaFile}: build the server first (npm run build).`);
    process.exit(2);
  }
  const { problems, checked } = builtImportProblems({
    metafile: readJson(metaFile),
    // The importers are the repository's sources, wherever the built file was copied to.
    buildDir: path.join(repoRoot, 'apps/server'),
    runDir: path.dirname(main),
  });
  if (problems.length > 0) {
    console.error(`Built imports outside their declared versions (${main}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `Built imports: ${checked} package imports of ${path.relative(repoRoot, main)} within their ranges.`,
  );
}

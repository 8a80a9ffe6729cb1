// `node scripts/production-stage.mjs <folder>`: the production build, then exactly what a production image holds,
// written to <folder>: package.json files and a lockfile for the production install (scripts/lib/production-manifest.mjs),
// the bundled server, its SQL migrations and the built web app. Then `npm ci --omit=dev` in <folder> installs the
// runtime dependencies, and `node apps/server/dist/main.js` runs it. The Dockerfile and
// scripts/production-footprint.mjs (CI) both use this script, so CI checks what the image would run.
import fs from 'node:fs';
import path from 'node:path';
import { assertNodeVersion, buildAll, repoRoot } from './lib/build-steps.mjs';
import { writeProductionManifest } from './lib/production-manifest.mjs';

/** Built output and committed files the server reads at run time, relative to the repository root. */
export const STAGED_PATHS = [
  'apps/server/dist',
  'apps/server/src/db/migrations',
  'apps/web/dist',
  'scripts/healthcheck.mjs',
];
/** Written by this script (not copied): counted as built output too. */
export const STAGED_EXTRAS = ['apps/server/fonts'];

export function stageProduction(outDir, { log = console.log } = {}) {
  assertNodeVersion();
  buildAll({ log });
  const target = path.resolve(outDir);
  if (target === repoRoot || repoRoot.startsWith(`${target}${path.sep}`)) {
    throw new Error(`refusing to stage into ${target}: it holds the repository`);
  }
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  const written = writeProductionManifest(repoRoot, target);
  for (const relative of STAGED_PATHS) {
    fs.cpSync(path.join(repoRoot, relative), path.join(target, relative), {
      recursive: true,
      // Build stamps are for the incremental build only.
      filter: (source) => path.basename(source) !== '.build-stamp',
    });
  }
  // The editor fonts' served files only (5 MB), not their packages (over 100 MB): see apps/server/src/paths.ts.
  const fontsDir = path.join(target, 'apps/server/fonts');
  fs.mkdirSync(fontsDir, { recursive: true });
  const fontsource = path.join(repoRoot, 'node_modules/@fontsource');
  for (const family of fs.readdirSync(fontsource)) {
    for (const file of fs.readdirSync(path.join(fontsource, family, 'files'))) {
      if (/-(japanese|latin)-400-normal\.woff$/.test(file)) {
        fs.copyFileSync(path.join(fontsource, family, 'files', file), path.join(fontsDir, file));
      }
    }
  }
  log(
    `Staged the production build in ${target}: ${[...written, ...STAGED_PATHS, ...STAGED_EXTRAS].join(', ')}`,
  );
  return target;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('usage: node scripts/production-stage.mjs <folder>');
    process.exit(2);
  }
  stageProduction(outDir);
}

// The production install's package.json files and lockfile, derived from the repository's own: only the server and
// the workspace packages it is built from, with no devDependencies anywhere and no package the lockfile marks as
// dev or devOptional. devOptional packages (TypeScript, Vite, Vitest, drizzle-kit, happy-dom, …) are optional
// peers of runtime packages (viem, better-auth) that the lockfile holds only because the dev tools need them:
// `npm ci --omit=dev` would still install them (about 130 MB), so they are left out of the lockfile instead.
// The versions of everything kept are exactly the committed ones.
import fs from 'node:fs';
import path from 'node:path';

/** Workspaces the production server is built from (the web app ships as built files, e2e not at all). */
export const PRODUCTION_WORKSPACES = ['packages/api', 'packages/draw', 'packages/token', 'apps/server'];

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function withoutDev(manifest) {
  const { devDependencies: _dev, ...rest } = manifest;
  return rest;
}

/** { files: { relativePath: object } } for package.json files and package-lock.json of the production install. */
export function productionManifest(repoRoot) {
  const root = readJson(path.join(repoRoot, 'package.json'));
  const lock = readJson(path.join(repoRoot, 'package-lock.json'));
  const files = {};

  files['package.json'] = {
    name: root.name,
    version: root.version,
    private: true,
    type: root.type,
    engines: root.engines,
    workspaces: PRODUCTION_WORKSPACES,
    scripts: {
      start: 'node apps/server/dist/main.js',
    },
  };
  for (const workspace of PRODUCTION_WORKSPACES) {
    const manifest = withoutDev(readJson(path.join(repoRoot, workspace, 'package.json')));
    // Scripts of the workspaces run dev tools (tsx, drizzle-kit, vitest): none exists in production.
    delete manifest.scripts;
    files[`${workspace}/package.json`] = manifest;
  }

  const dropped = new Set(['apps/web', 'e2e']);
  const packages = {};
  for (const [key, entry] of Object.entries(lock.packages)) {
    if (key === '') {
      packages[''] = { ...withoutDev(entry), workspaces: PRODUCTION_WORKSPACES };
      continue;
    }
    if (entry.dev || entry.devOptional) continue;
    // Other workspaces, their links in node_modules and anything nested under them.
    const workspace = entry.link ? entry.resolved : key;
    if ([...dropped].some((dir) => workspace === dir || key.startsWith(`${dir}/`))) continue;
    packages[key] = PRODUCTION_WORKSPACES.includes(key) ? withoutDev(entry) : entry;
  }
  files['package-lock.json'] = { ...lock, packages };
  return { files };
}

export function writeProductionManifest(repoRoot, outDir) {
  const { files } = productionManifest(repoRoot);
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(outDir, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`);
  }
  return Object.keys(files);
}

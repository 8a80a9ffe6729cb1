import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Locations of files the server ships with. The server runs both from source (tsx, vitest) and bundled
 * (dist/main.js), so paths are found from the package root rather than from this file's own folder.
 */
function findPackageRoot(start: string): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      const name = (JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string }).name;
      if (name === '@hanabi/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the @hanabi/server package root from ${start}`);
    dir = parent;
  }
}

const root = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

export const serverPaths = {
  root,
  migrations: path.join(root, 'src/db/migrations'),
  /** The built server (`node build.mjs`): what `npm start` and the image run. */
  builtMain: path.join(root, 'dist/main.js'),
  webDist: path.resolve(root, '../web/dist'),
  /** Editor font files copied by scripts/production-stage.mjs (a production install has no web-app packages). */
  fonts: path.join(root, 'fonts'),
};

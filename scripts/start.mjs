// `npm start`: builds what is stale, then runs the server (API + worker + SPA) on its embedded defaults.
// The server runs in this same process, so Ctrl-C reaches it directly and leaves no child behind.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { assertNodeVersion, buildAll, repoRoot } from './lib/build-steps.mjs';

assertNodeVersion();
buildAll();
await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/main.js')).href);

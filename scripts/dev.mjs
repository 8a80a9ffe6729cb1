// `npm run dev`: the server with reload (tsx watch) and the Vite dev server with its proxy to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/build-steps.mjs';

const children = [
  spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['watch', 'src/main.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    stdio: 'inherit',
    env: {
      ...process.env,
      HANABI_DATA_DIR: process.env.HANABI_DATA_DIR ?? path.join(repoRoot, 'data'),
      // The browser talks to Vite's origin (which proxies /api), so links and auth origin checks must use it.
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? 'http://localhost:5173',
    },
  }),
  spawn(path.join(repoRoot, 'node_modules/.bin/vite'), [], {
    cwd: path.join(repoRoot, 'apps/web'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGINT'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await Promise.all(children.map((child) => new Promise((resolve) => child.on('exit', resolve))));

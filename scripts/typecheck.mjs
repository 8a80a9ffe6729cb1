// Type-checks every workspace with its own tsconfig (no emit); exits non-zero on the first failure. Incremental:
// each project keeps its build info under node_modules/.cache/tsc, so a second check reads only what changed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const projects = [
  'packages/api',
  'packages/draw',
  'packages/token',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
];
for (const project of projects) {
  const buildInfo = path.join('node_modules/.cache/tsc', `${project.replaceAll('/', '-')}.tsbuildinfo`);
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo],
    { stdio: 'inherit' },
  );
}

// Type-checks every workspace with its own tsconfig (no emit); exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';

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
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
}

// The Node.js 24 LTS binary production runs on (decision 0154): the npm registry's `node` package, pinned in
// tools/node24 and installed on first use from the same registry (nothing is downloaded from elsewhere). When the
// Node running this script already is 24, that one is used.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build-steps.mjs';

const toolDir = path.join(repoRoot, 'tools/node24');
const binDir = path.join(toolDir, 'node_modules/.bin');

/** The Node 24 binary and the folder to put first on PATH so child processes (`node …`) run on it too. */
export function node24() {
  if (process.versions.node.split('.')[0] === '24') {
    return { binary: process.execPath, binDir: path.dirname(process.execPath), version: process.version };
  }
  const binary = path.join(binDir, 'node');
  if (!fs.existsSync(binary)) {
    console.log('Installing the pinned Node.js 24 from the npm registry (tools/node24)…');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: toolDir,
      stdio: 'inherit',
    });
  }
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  return { binary, binDir, version };
}

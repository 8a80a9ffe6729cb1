// The slowest test files of a Vitest run, from its JSON report: printed at the end of `npm test` so the time a
// change adds is seen where it is spent. A file over a minute says why in a `// Slow:` comment (decision 0203).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build-steps.mjs';

const MINUTE_MS = 60_000;

export function slowestFiles(report, count) {
  return report.testResults
    .map((file) => ({ file: path.relative(repoRoot, file.name), ms: file.endTime - file.startTime }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** Whether a file over a minute carries the comment that explains it. */
export function explainsItsTime(file) {
  return /\/\/ Slow: \S/.test(fs.readFileSync(path.join(repoRoot, file), 'utf8'));
}

export function printSlowestFiles(reportFile, count) {
  if (!fs.existsSync(reportFile)) return;
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  console.log(`\n  The ${count} slowest test files:`);
  for (const { file, ms } of slowestFiles(report, count)) {
    const unexplained =
      ms > MINUTE_MS && !explainsItsTime(file) ? '  ← over a minute, no `// Slow:` comment' : '';
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)} s  ${file}${unexplained}`);
  }
}

import type { DoctorReport, DoctorStatus } from '@hanabi/api';

const MARK: Record<DoctorStatus, string> = { ok: '✓', fail: '✗', warn: '!', skip: '–' };

const TITLES: Record<DoctorReport['checks'][number]['id'], string> = {
  config: 'Configuration',
  origin: 'Public origin',
  database: 'Database',
  storage: 'File storage (S3)',
  ipfs: 'IPFS',
  mail: 'Mail (SMTP)',
  chain: 'Chain',
  beacon: 'drand beacon',
  youtube: 'YouTube',
  twitcasting: 'TwitCasting',
  google: 'Google sign-in',
  x: 'X sign-in',
};

/** The report as `npm run doctor` prints it: a line per check, its details and fix indented under it. */
export function formatReport(report: DoctorReport): string {
  const lines = [`Hanabi doctor — ${report.mode}, ${report.checkedAt}`, ''];
  for (const check of report.checks) {
    const optional = check.required || check.status === 'skip' ? '' : ' (optional)';
    lines.push(`${MARK[check.status]} ${TITLES[check.id]}${optional}: ${check.summary}`);
    for (const detail of check.details) lines.push(`    ${detail}`);
    if (check.fix) lines.push(`    → ${check.fix}`);
  }
  const failed = report.checks.filter((check) => check.status === 'fail' && check.required).length;
  lines.push(
    '',
    report.ok ? 'All required checks passed.' : `${failed} required check${failed === 1 ? '' : 's'} failed.`,
  );
  return `${lines.join('\n')}\n`;
}

/** 0 when every required check passed, 1 otherwise: a deploy pipeline gates on it. */
export function exitCodeOf(report: DoctorReport): number {
  return report.ok ? 0 : 1;
}

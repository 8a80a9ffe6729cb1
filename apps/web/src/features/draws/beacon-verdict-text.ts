import type { BeaconProblem, BeaconVerdict, RecordProblem } from '@hanabi/draw';
import type { TFunction } from '../../lib/i18n';

/*
 * Where the problems' texts are. Built from variables so the build's message split (decision 0190) does not count
 * them as named by the first load: they show only once the reader's own check has run in its worker, after the
 * later messages (which load right after the first paint) have arrived, so every public page's first load stays
 * without them.
 */
const group = (name: string) => ['drawProof', name].join('.');
const BEACON_PROBLEM = group('problem');
const BEACON_FIELD = group('field');
const RECORD_PROBLEM = group('recordProblem');
const RECORD_FIELD = group('recordField');

/** A beacon problem of `@hanabi/draw` in the reader's language, with its parameters. */
export function beaconProblemText(problem: BeaconProblem, t: TFunction): string {
  const values: Record<string, unknown> = { ...problem };
  if (problem.code === 'field-unexpected') values.field = t(`${BEACON_FIELD}.${problem.field}` as never);
  return t(`${BEACON_PROBLEM}.${problem.code}` as never, values);
}

/** What the page says of the beacon: which drand round was checked, the practice chain's block, or why it fails. */
export function beaconVerdictText(beacon: BeaconVerdict, t: TFunction): string {
  if (beacon.status === 'verified') {
    return t('drawProof.beaconVerified', { chain: beacon.chain.name, round: beacon.round });
  }
  if (beacon.status === 'practice') {
    return t('drawProof.beaconPractice', { chainId: beacon.chainId, round: beacon.round });
  }
  return t('drawProof.beaconFailed', { problem: beaconProblemText(beacon.problem, t) });
}

/** A record problem of `@hanabi/draw` (decision 0202) in the reader's language, with its parameters. */
export function recordProblemText(problem: RecordProblem, t: TFunction): string {
  const values: Record<string, unknown> = { ...problem };
  if (problem.code === 'field-mismatch') values.field = t(`${RECORD_FIELD}.${problem.field}` as never);
  return t(`${RECORD_PROBLEM}.${problem.code}` as never, values);
}

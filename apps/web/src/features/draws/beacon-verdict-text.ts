import type { BeaconProblem, BeaconVerdict, RecordProblem } from '@hanabi/draw';
import type { TFunction } from '../../lib/i18n';

/** A beacon problem of `@hanabi/draw` in the reader's language, with its parameters. */
export function beaconProblemText(problem: BeaconProblem, t: TFunction): string {
  const values: Record<string, unknown> = { ...problem };
  if (problem.code === 'field-unexpected') values.field = t(`drawProof.field.${problem.field}`);
  return t(`drawProof.problem.${problem.code}`, values);
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
  if (problem.code === 'field-mismatch') values.field = t(`drawProof.recordField.${problem.field}`);
  return t(`drawProof.recordProblem.${problem.code}`, values);
}

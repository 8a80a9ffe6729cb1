/**
 * Why a beacon check failed, as a code with its parameters (a page shows it in the reader's language) and the
 * English sentence the command line and the server's logs use. A module of its own with no BLS code, so a page can
 * import it without loading the verifier.
 */

export type BeaconProblem =
  /** The source is neither `drand:<pinned chain hash>` nor `chain:<decimal chain id>`, exactly. */
  | { code: 'source-invalid'; source: string }
  /** `drand:<64 lowercase hex>` of a chain whose public key is not pinned. */
  | { code: 'chain-unknown'; chainHash: string }
  | { code: 'round-invalid'; round: string }
  | { code: 'value-malformed'; round: string }
  | { code: 'signature-missing'; round: string }
  | { code: 'signature-malformed'; round: string }
  /** A chained drand chain signs the previous signature too: without it there is nothing to check. */
  | { code: 'previous-signature-missing'; round: string }
  | { code: 'previous-signature-malformed'; round: string }
  /** A previous signature, or a signature, where the source has none (unchained drand, the practice chain). */
  | { code: 'field-unexpected'; round: string; field: 'signature' | 'previousSignature' }
  | { code: 'signature-invalid'; round: string; chain: string }
  | { code: 'value-mismatch'; round: string; expected: string }
  | { code: 'close-time-missing' }
  | { code: 'round-not-first'; round: string; closedAt: string; first: string }
  /** A round fixed by the draw's public record must still be published after the close (decision 0202). */
  | { code: 'round-before-close'; round: string; closedAt: string };

export type BeaconProblemCode = BeaconProblem['code'];

/** A problem with its English sentence. */
export type BeaconFailure = BeaconProblem & { message: string };

/** The English sentence for a problem. */
export function beaconProblemMessage(problem: BeaconProblem): string {
  switch (problem.code) {
    case 'source-invalid':
      return `beacon source ${JSON.stringify(problem.source)} is neither drand:<pinned chain hash> nor chain:<chain id>`;
    case 'chain-unknown':
      return `drand chain ${problem.chainHash} is not one whose public key this verifier pins`;
    case 'round-invalid':
      return `round ${JSON.stringify(problem.round)} is not a round number`;
    case 'value-malformed':
      return `the value of round ${problem.round} is not 32 bytes of lowercase hex`;
    case 'signature-missing':
      return `round ${problem.round} comes without its signature`;
    case 'signature-malformed':
      return `the signature of round ${problem.round} is not lowercase hex of a signature's length`;
    case 'previous-signature-missing':
      return `round ${problem.round} of a chained drand chain comes without the previous signature it signs`;
    case 'previous-signature-malformed':
      return `the previous signature of round ${problem.round} is not lowercase hex of a signature's length`;
    case 'field-unexpected':
      return `round ${problem.round} carries a ${problem.field === 'signature' ? 'signature' : 'previous signature'} its source does not have`;
    case 'signature-invalid':
      return `the signature of round ${problem.round} does not verify against drand ${problem.chain}'s public key`;
    case 'value-mismatch':
      return `B is not SHA-256 of round ${problem.round}'s signature (${problem.expected})`;
    case 'close-time-missing':
      return 'no close time to check the round against';
    case 'round-not-first':
      return `round ${problem.round} is not the first after the close at ${problem.closedAt} (that is round ${problem.first})`;
    case 'round-before-close':
      return `round ${problem.round} was published before the close at ${problem.closedAt}`;
  }
}

/** A problem with its English sentence attached. */
export function beaconFailure(problem: BeaconProblem): BeaconFailure {
  return { ...problem, message: beaconProblemMessage(problem) };
}

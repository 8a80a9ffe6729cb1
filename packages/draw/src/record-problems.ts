/**
 * Why a draw's public record does not stand behind its proof (decision 0202), as a code with its parameters (a page
 * shows it in the reader's language, decision 0204) and the English sentence the command line and the server's logs
 * use. A module of its own with no viem or tlock code, so a page can import it without loading the record reader.
 */

/** A field of the proof the record fixes. */
export type RecordedField = 'drawId' | 'commitment' | 'entrantsHash' | 'closedAt' | 'beacon' | 'beaconRound';

export type RecordProblem =
  /** The proof and the record differ on a field. */
  | { code: 'field-mismatch'; field: RecordedField; published: string; recorded: string }
  /** The record names another drand chain than the one the draw's beacon is of. */
  | { code: 'chain-other'; recorded: string; chain: string }
  /** The record names a drand chain whose key no verifier pins. */
  | { code: 'chain-not-pinned'; chainHash: string }
  /** Unix seconds as ISO times. */
  | { code: 'close-after-block'; closedAt: string; blockTime: string }
  /** Written once its round was public: it fixed nothing, the draw is void. */
  | { code: 'record-late'; blockTime: string; round: string; roundTime: string }
  | { code: 'no-record' }
  | { code: 'rpc-other-chain'; rpcChainId: string; chainId: string }
  /** The address holds no contract, or one that is not Hanabi's draw registry: its "records" follow no rules. */
  | { code: 'registry-other'; registry: string; chainId: string }
  | { code: 'tx-missing'; txHash: string; chainId: string }
  | { code: 'tx-reverted'; txHash: string }
  | { code: 'tx-no-record'; txHash: string; registry: string }
  /** `detail`: the RPC's own words (English, from outside). */
  | { code: 'rpc-unreachable'; detail: string }
  | { code: 'secret-unopened'; detail: string }
  | { code: 'secret-other' };

export type RecordProblemCode = RecordProblem['code'];

/** A problem with its English sentence. */
export type RecordFailure = RecordProblem & { message: string };

const FIELD_WORDS: Record<RecordedField, string> = {
  drawId: 'the draw id',
  commitment: 'the commitment C',
  entrantsHash: 'the entrant list hash H',
  closedAt: 'the close time T',
  beacon: 'the beacon',
  beaconRound: 'the beacon round',
};

/** The English sentence for a problem. */
export function recordProblemMessage(problem: RecordProblem): string {
  switch (problem.code) {
    case 'field-mismatch':
      return `${FIELD_WORDS[problem.field]} is ${problem.published} in the proof but ${problem.recorded} on chain`;
    case 'chain-other':
      return `the record names drand chain ${problem.recorded}, not ${problem.chain}`;
    case 'chain-not-pinned':
      return `the record names drand chain ${problem.chainHash}, not pinned`;
    case 'close-after-block':
      return `the record's close time is after its block (${problem.closedAt} > ${problem.blockTime})`;
    case 'record-late':
      return `the record was written at ${problem.blockTime}, once round ${problem.round} was public (${problem.roundTime}): the draw is void`;
    case 'no-record':
      return 'the proof names no public record';
    case 'rpc-other-chain':
      return `the RPC serves chain ${problem.rpcChainId}, the record is on chain ${problem.chainId}`;
    case 'registry-other':
      return `${problem.registry} on chain ${problem.chainId} is not Hanabi's draw registry (its code differs)`;
    case 'tx-missing':
      return `transaction ${problem.txHash} is not on chain ${problem.chainId}`;
    case 'tx-reverted':
      return `transaction ${problem.txHash} reverted`;
    case 'tx-no-record':
      return `transaction ${problem.txHash} holds no draw record of ${problem.registry}`;
    case 'rpc-unreachable':
      return `the chain RPC did not answer: ${problem.detail}`;
    case 'secret-unopened':
      return `S does not open from the record: ${problem.detail}`;
    case 'secret-other':
      return "the secret sealed in the record is not the proof's S";
  }
}

/** A problem with its English sentence attached. */
export function recordFailure(problem: RecordProblem): RecordFailure {
  return { ...problem, message: recordProblemMessage(problem) };
}
